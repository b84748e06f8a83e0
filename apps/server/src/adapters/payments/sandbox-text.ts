// Text of the sandbox checkout page in the nine docs/product/languages.md languages (the page is server-rendered,
// outside the web app's i18n, so it carries its own small dictionary).
import type { Language } from '@hc/contract';

export interface SandboxText {
  title: string;
  testBanner: string;
  item: string;
  amount: string;
  order: string;
  payWithPaypal: string;
  orCard: string;
  cardNumber: string;
  expiry: string;
  expiryPlaceholder: string;
  cvc: string;
  /** `{amount}` is replaced by the formatted amount. */
  payAmount: string;
  testCards: string;
  cancel: string;
  errCardUnknown: string;
  errExpiry: string;
  errCvc: string;
  /** A declined card: the payment stays open and the player tries again on the same order. */
  errDeclined: string;
  paidTitle: string;
  paidText: string;
  declinedTitle: string;
  declinedText: string;
  refundedTitle: string;
  refundedText: string;
  notifyPending: string;
  returnLink: string;
  /** The sandbox's stand-in for a provider dashboard: refund a paid test payment. */
  refundTest: string;
  notFoundTitle: string;
  notFoundText: string;
}

export const sandboxText: Record<Language, SandboxText> = {
  'en-US': {
    title: 'Test checkout',
    testBanner: 'TEST MODE — this is the HC Portal sandbox. No real money is charged.',
    item: 'Item',
    amount: 'Amount',
    order: 'Order number',
    payWithPaypal: 'Pay with PayPal',
    orCard: 'Or pay by card',
    cardNumber: 'Card number',
    expiry: 'Expiry date (MM/YY)',
    expiryPlaceholder: 'MM/YY',
    cvc: 'Security code (CVC)',
    payAmount: 'Pay {amount}',
    testCards:
      'Test cards: 4242 4242 4242 4242 is approved, 4000 0000 0000 0002 is declined. Use any future expiry date and any 3 digits.',
    cancel: 'Cancel and return to HC Portal',
    errCardUnknown: 'Card number not recognised. Please use one of the test cards above.',
    errExpiry: 'Enter a valid expiry date as MM/YY; it cannot be in the past.',
    errCvc: 'Enter the 3- or 4-digit security code.',
    errDeclined:
      'Your card was declined and no money has been taken. Try another card, or the test card 4242 4242 4242 4242, which is approved.',
    paidTitle: 'Payment successful',
    paidText:
      'Thank you for your purchase! Your payment has been received and HC Portal will deliver your order shortly.',
    declinedTitle: 'Payment declined',
    declinedText:
      'Your card was declined and no money has been taken. You can place a new order in HC Portal.',
    refundedTitle: 'Payment refunded',
    refundedText: 'This payment has been refunded.',
    notifyPending:
      'HC Portal has not confirmed this payment yet. It will check again automatically in a moment.',
    returnLink: 'Return to HC Portal',
    refundTest: 'Refund this test payment (test dashboard)',
    notFoundTitle: 'Payment not found',
    notFoundText: 'This test checkout link is invalid or has expired.',
  },
  'zh-CN': {
    title: '测试收银台',
    testBanner: '测试模式——这是 HC Portal 的沙盒环境，不会产生任何真实扣款。',
    item: '商品',
    amount: '金额',
    order: '订单号',
    payWithPaypal: '使用 PayPal 支付',
    orCard: '或使用银行卡支付',
    cardNumber: '卡号',
    expiry: '有效期（MM/YY）',
    expiryPlaceholder: 'MM/YY',
    cvc: '安全码（CVC）',
    payAmount: '支付 {amount}',
    testCards:
      '测试卡号：4242 4242 4242 4242 支付成功，4000 0000 0000 0002 会被拒绝。有效期填写任意未来日期，安全码填写任意 3 位数字。',
    cancel: '取消并返回 HC Portal',
    errCardUnknown: '无法识别该卡号，请使用上方列出的测试卡。',
    errExpiry: '请按 MM/YY 格式填写有效期，且不能早于当前月份。',
    errCvc: '请填写 3 位或 4 位安全码。',
    errDeclined:
      '您的银行卡被拒绝，未产生任何扣款。请换一张卡重试，或使用可通过的测试卡 4242 4242 4242 4242。',
    paidTitle: '支付成功',
    paidText: '感谢您的购买！我们已收到您的付款，HC Portal 将尽快为您发放商品。',
    declinedTitle: '支付被拒绝',
    declinedText: '您的银行卡被拒绝，未产生任何扣款。您可以在 HC Portal 重新下单。',
    refundedTitle: '已退款',
    refundedText: '这笔付款已退款。',
    notifyPending: 'HC Portal 尚未确认这笔付款，系统稍后会自动再次核对。',
    returnLink: '返回 HC Portal',
    refundTest: '退款此测试付款（测试后台）',
    notFoundTitle: '找不到该付款',
    notFoundText: '此测试收银台链接无效或已失效。',
  },
  'zh-HK': {
    title: '測試付款頁面',
    testBanner: '測試模式——這是 HC Portal 的沙盒環境，不會收取任何真實款項。',
    item: '貨品',
    amount: '金額',
    order: '訂單編號',
    payWithPaypal: '使用 PayPal 付款',
    orCard: '或使用信用卡付款',
    cardNumber: '卡號碼',
    expiry: '有效日期（MM/YY）',
    expiryPlaceholder: 'MM/YY',
    cvc: '保安編號（CVC）',
    payAmount: '付款 {amount}',
    testCards:
      '測試卡：4242 4242 4242 4242 付款成功，4000 0000 0000 0002 會被拒絕。有效日期可填任何未來日期，保安編號可填任何 3 位數字。',
    cancel: '取消並返回 HC Portal',
    errCardUnknown: '無法識別此卡號碼，請使用上面列出的測試卡。',
    errExpiry: '請以 MM/YY 格式輸入有效日期，而且不可早於本月。',
    errCvc: '請輸入 3 位或 4 位數字的保安編號。',
    errDeclined:
      '你的信用卡被拒絕，並未收取任何款項。請換一張卡再試，或使用可通過的測試卡 4242 4242 4242 4242。',
    paidTitle: '付款成功',
    paidText: '多謝惠顧！我們已收到你的付款，HC Portal 會盡快為你發送貨品。',
    declinedTitle: '付款被拒',
    declinedText: '你的信用卡被拒絕，並未收取任何款項。你可以返回 HC Portal 重新落單。',
    refundedTitle: '已退款',
    refundedText: '此筆付款已退款。',
    notifyPending: 'HC Portal 尚未確認此筆付款，系統稍後會自動再次核對。',
    returnLink: '返回 HC Portal',
    refundTest: '退回此測試付款（測試後台）',
    notFoundTitle: '找不到此筆付款',
    notFoundText: '此測試付款連結無效或已失效。',
  },
  'zh-TW': {
    title: '測試結帳頁',
    testBanner: '測試模式——這是 HC Portal 的沙盒環境，不會產生任何實際扣款。',
    item: '商品',
    amount: '金額',
    order: '訂單編號',
    payWithPaypal: '使用 PayPal 付款',
    orCard: '或使用信用卡付款',
    cardNumber: '卡號',
    expiry: '有效期限（MM/YY）',
    expiryPlaceholder: 'MM/YY',
    cvc: '安全碼（CVC）',
    payAmount: '付款 {amount}',
    testCards:
      '測試卡號：4242 4242 4242 4242 會付款成功，4000 0000 0000 0002 會遭拒絕。有效期限請填任一未來日期，安全碼填任意 3 位數字。',
    cancel: '取消並返回 HC Portal',
    errCardUnknown: '無法辨識此卡號，請使用上方列出的測試卡。',
    errExpiry: '請以 MM/YY 格式輸入有效期限，且不得早於本月。',
    errCvc: '請輸入 3 或 4 位數的安全碼。',
    errDeclined:
      '您的信用卡遭到拒絕，並未扣款。請改用其他卡片重試，或使用可通過的測試卡 4242 4242 4242 4242。',
    paidTitle: '付款成功',
    paidText: '感謝您的購買！我們已收到您的款項，HC Portal 將盡快為您發送商品。',
    declinedTitle: '付款遭拒',
    declinedText: '您的信用卡遭到拒絕，並未扣款。您可以回到 HC Portal 重新下單。',
    refundedTitle: '已退款',
    refundedText: '這筆款項已退款。',
    notifyPending: 'HC Portal 尚未確認這筆付款，系統稍後會自動再次核對。',
    returnLink: '返回 HC Portal',
    refundTest: '退款此測試付款（測試後台）',
    notFoundTitle: '找不到這筆付款',
    notFoundText: '此測試結帳連結無效或已失效。',
  },
  'th-TH': {
    title: 'หน้าชำระเงินทดสอบ',
    testBanner: 'โหมดทดสอบ — นี่คือแซนด์บ็อกซ์ของ HC Portal จะไม่มีการเรียกเก็บเงินจริง',
    item: 'สินค้า',
    amount: 'จำนวนเงิน',
    order: 'หมายเลขคำสั่งซื้อ',
    payWithPaypal: 'ชำระด้วย PayPal',
    orCard: 'หรือชำระด้วยบัตร',
    cardNumber: 'หมายเลขบัตร',
    expiry: 'วันหมดอายุ (MM/YY)',
    expiryPlaceholder: 'MM/YY',
    cvc: 'รหัสความปลอดภัย (CVC)',
    payAmount: 'ชำระ {amount}',
    testCards:
      'บัตรทดสอบ: 4242 4242 4242 4242 ชำระสำเร็จ ส่วน 4000 0000 0000 0002 จะถูกปฏิเสธ ใส่วันหมดอายุเป็นวันใดก็ได้ในอนาคต และรหัสความปลอดภัยเป็นตัวเลข 3 หลักใดก็ได้',
    cancel: 'ยกเลิกและกลับไปที่ HC Portal',
    errCardUnknown: 'ไม่รู้จักหมายเลขบัตรนี้ โปรดใช้บัตรทดสอบที่ระบุไว้ด้านบน',
    errExpiry: 'โปรดกรอกวันหมดอายุในรูปแบบ MM/YY และต้องไม่ใช่เดือนที่ผ่านมาแล้ว',
    errCvc: 'โปรดกรอกรหัสความปลอดภัย 3 หรือ 4 หลัก',
    errDeclined:
      'บัตรของคุณถูกปฏิเสธ และไม่มีการเรียกเก็บเงิน โปรดลองใช้บัตรใบอื่น หรือบัตรทดสอบ 4242 4242 4242 4242 ที่ได้รับการอนุมัติ',
    paidTitle: 'ชำระเงินสำเร็จ',
    paidText: 'ขอบคุณสำหรับการสั่งซื้อ! เราได้รับการชำระเงินของคุณแล้ว และ HC Portal จะส่งไอเทมให้คุณในไม่ช้า',
    declinedTitle: 'การชำระเงินถูกปฏิเสธ',
    declinedText: 'บัตรของคุณถูกปฏิเสธ และไม่มีการเรียกเก็บเงิน คุณสามารถสั่งซื้อใหม่ได้ที่ HC Portal',
    refundedTitle: 'คืนเงินแล้ว',
    refundedText: 'การชำระเงินนี้ได้รับการคืนเงินแล้ว',
    notifyPending: 'HC Portal ยังไม่ได้ยืนยันการชำระเงินนี้ ระบบจะตรวจสอบอีกครั้งโดยอัตโนมัติในอีกสักครู่',
    returnLink: 'กลับไปที่ HC Portal',
    refundTest: 'คืนเงินการชำระเงินทดสอบนี้ (แดชบอร์ดทดสอบ)',
    notFoundTitle: 'ไม่พบการชำระเงิน',
    notFoundText: 'ลิงก์หน้าชำระเงินทดสอบนี้ไม่ถูกต้องหรือหมดอายุแล้ว',
  },
  'ko-KR': {
    title: '테스트 결제',
    testBanner: '테스트 모드 — HC Portal 샌드박스입니다. 실제로 결제되지 않습니다.',
    item: '상품',
    amount: '결제 금액',
    order: '주문 번호',
    payWithPaypal: 'PayPal로 결제',
    orCard: '또는 카드로 결제',
    cardNumber: '카드 번호',
    expiry: '유효기간 (MM/YY)',
    expiryPlaceholder: 'MM/YY',
    cvc: '보안 코드 (CVC)',
    payAmount: '{amount} 결제하기',
    testCards:
      '테스트 카드: 4242 4242 4242 4242는 승인되고 4000 0000 0000 0002는 거절됩니다. 유효기간은 미래의 아무 날짜, 보안 코드는 아무 숫자 3자리나 입력하세요.',
    cancel: '취소하고 HC Portal로 돌아가기',
    errCardUnknown: '인식할 수 없는 카드 번호입니다. 위의 테스트 카드를 사용해 주세요.',
    errExpiry: '유효기간을 MM/YY 형식으로 입력해 주세요. 지난 달은 사용할 수 없습니다.',
    errCvc: '3자리 또는 4자리 보안 코드를 입력해 주세요.',
    errDeclined:
      '카드 결제가 거절되어 청구된 금액은 없습니다. 다른 카드로 다시 시도하거나 승인되는 테스트 카드 4242 4242 4242 4242를 사용해 주세요.',
    paidTitle: '결제 완료',
    paidText:
      '구매해 주셔서 감사합니다! 결제가 확인되었으며 HC Portal에서 곧 상품을 지급해 드립니다.',
    declinedTitle: '결제 거절',
    declinedText: '카드 결제가 거절되어 청구된 금액은 없습니다. HC Portal에서 다시 주문해 주세요.',
    refundedTitle: '환불 완료',
    refundedText: '이 결제는 환불되었습니다.',
    notifyPending:
      'HC Portal에서 아직 결제를 확인하지 못했습니다. 잠시 후 자동으로 다시 확인합니다.',
    returnLink: 'HC Portal로 돌아가기',
    refundTest: '이 테스트 결제 환불하기(테스트 대시보드)',
    notFoundTitle: '결제를 찾을 수 없습니다',
    notFoundText: '이 테스트 결제 링크는 유효하지 않거나 만료되었습니다.',
  },
  'ja-JP': {
    title: 'テスト決済',
    testBanner: 'テストモード — HC Portal のサンドボックスです。実際の請求は発生しません。',
    item: '商品',
    amount: '金額',
    order: '注文番号',
    payWithPaypal: 'PayPal で支払う',
    orCard: 'またはカードで支払う',
    cardNumber: 'カード番号',
    expiry: '有効期限（MM/YY）',
    expiryPlaceholder: 'MM/YY',
    cvc: 'セキュリティコード（CVC）',
    payAmount: '{amount} を支払う',
    testCards:
      'テストカード：4242 4242 4242 4242 は承認、4000 0000 0000 0002 は拒否されます。有効期限は未来の任意の日付、セキュリティコードは任意の 3 桁を入力してください。',
    cancel: 'キャンセルして HC Portal に戻る',
    errCardUnknown: 'このカード番号は認識できません。上記のテストカードをご利用ください。',
    errExpiry: '有効期限を MM/YY の形式で入力してください（過去の月は使えません）。',
    errCvc: '3 桁または 4 桁のセキュリティコードを入力してください。',
    errDeclined:
      'カードが拒否されました。料金は請求されていません。別のカード、または承認されるテストカード 4242 4242 4242 4242 でもう一度お試しください。',
    paidTitle: 'お支払いが完了しました',
    paidText:
      'ご購入ありがとうございます。お支払いを確認しました。まもなく HC Portal からアイテムが届きます。',
    declinedTitle: 'お支払いが拒否されました',
    declinedText:
      'カードが拒否されたため、請求は発生していません。HC Portal で改めてご注文ください。',
    refundedTitle: '返金済み',
    refundedText: 'このお支払いは返金されました。',
    notifyPending: 'HC Portal でまだお支払いが確認されていません。まもなく自動で再確認されます。',
    returnLink: 'HC Portal に戻る',
    refundTest: 'このテスト決済を返金する（テスト用ダッシュボード）',
    notFoundTitle: 'お支払いが見つかりません',
    notFoundText: 'このテスト決済のリンクは無効か、有効期限が切れています。',
  },
  'vi-VN': {
    title: 'Thanh toán thử nghiệm',
    testBanner:
      'CHẾ ĐỘ THỬ NGHIỆM — đây là môi trường sandbox của HC Portal. Bạn sẽ không bị trừ tiền thật.',
    item: 'Vật phẩm',
    amount: 'Số tiền',
    order: 'Mã đơn hàng',
    payWithPaypal: 'Thanh toán bằng PayPal',
    orCard: 'Hoặc thanh toán bằng thẻ',
    cardNumber: 'Số thẻ',
    expiry: 'Ngày hết hạn (MM/YY)',
    expiryPlaceholder: 'MM/YY',
    cvc: 'Mã bảo mật (CVC)',
    payAmount: 'Thanh toán {amount}',
    testCards:
      'Thẻ thử nghiệm: 4242 4242 4242 4242 sẽ thanh toán thành công, 4000 0000 0000 0002 sẽ bị từ chối. Nhập ngày hết hạn bất kỳ trong tương lai và mã bảo mật gồm 3 chữ số bất kỳ.',
    cancel: 'Hủy và quay lại HC Portal',
    errCardUnknown:
      'Không nhận diện được số thẻ này. Vui lòng dùng một trong các thẻ thử nghiệm ở trên.',
    errExpiry: 'Vui lòng nhập ngày hết hạn theo định dạng MM/YY, không được là tháng đã qua.',
    errCvc: 'Vui lòng nhập mã bảo mật gồm 3 hoặc 4 chữ số.',
    errDeclined:
      'Thẻ của bạn đã bị từ chối và chưa bị trừ tiền. Hãy thử thẻ khác, hoặc thẻ thử nghiệm 4242 4242 4242 4242 được chấp nhận.',
    paidTitle: 'Thanh toán thành công',
    paidText:
      'Cảm ơn bạn đã mua hàng! Chúng tôi đã nhận được thanh toán, HC Portal sẽ sớm gửi vật phẩm cho bạn.',
    declinedTitle: 'Thanh toán bị từ chối',
    declinedText:
      'Thẻ của bạn đã bị từ chối và bạn chưa bị trừ tiền. Bạn có thể đặt đơn mới trên HC Portal.',
    refundedTitle: 'Đã hoàn tiền',
    refundedText: 'Khoản thanh toán này đã được hoàn tiền.',
    notifyPending:
      'HC Portal chưa xác nhận khoản thanh toán này. Hệ thống sẽ tự động kiểm tra lại trong giây lát.',
    returnLink: 'Quay lại HC Portal',
    refundTest: 'Hoàn tiền giao dịch thử nghiệm này (bảng điều khiển thử nghiệm)',
    notFoundTitle: 'Không tìm thấy thanh toán',
    notFoundText: 'Liên kết thanh toán thử nghiệm này không hợp lệ hoặc đã hết hạn.',
  },
  'de-DE': {
    title: 'Test-Checkout',
    testBanner:
      'TESTMODUS – dies ist die Sandbox von HC Portal. Es wird kein echtes Geld abgebucht.',
    item: 'Artikel',
    amount: 'Betrag',
    order: 'Bestellnummer',
    payWithPaypal: 'Mit PayPal bezahlen',
    orCard: 'Oder mit Karte bezahlen',
    cardNumber: 'Kartennummer',
    expiry: 'Ablaufdatum (MM/JJ)',
    expiryPlaceholder: 'MM/JJ',
    cvc: 'Prüfnummer (CVC)',
    payAmount: '{amount} bezahlen',
    testCards:
      'Testkarten: 4242 4242 4242 4242 wird akzeptiert, 4000 0000 0000 0002 wird abgelehnt. Beliebiges Ablaufdatum in der Zukunft und beliebige dreistellige Prüfnummer.',
    cancel: 'Abbrechen und zu HC Portal zurückkehren',
    errCardUnknown:
      'Kartennummer nicht erkannt. Bitte verwenden Sie eine der oben genannten Testkarten.',
    errExpiry:
      'Bitte geben Sie das Ablaufdatum im Format MM/JJ ein; es darf nicht in der Vergangenheit liegen.',
    errCvc: 'Bitte geben Sie die drei- oder vierstellige Prüfnummer ein.',
    errDeclined:
      'Ihre Karte wurde abgelehnt, es wurde nichts abgebucht. Versuchen Sie es mit einer anderen Karte oder mit der Testkarte 4242 4242 4242 4242, die angenommen wird.',
    paidTitle: 'Zahlung erfolgreich',
    paidText:
      'Vielen Dank für Ihren Kauf! Ihre Zahlung ist eingegangen und HC Portal liefert Ihre Bestellung in Kürze.',
    declinedTitle: 'Zahlung abgelehnt',
    declinedText:
      'Ihre Karte wurde abgelehnt, es wurde nichts abgebucht. Sie können in HC Portal eine neue Bestellung aufgeben.',
    refundedTitle: 'Zahlung erstattet',
    refundedText: 'Diese Zahlung wurde erstattet.',
    notifyPending:
      'HC Portal hat die Zahlung noch nicht bestätigt. Sie wird in Kürze automatisch erneut geprüft.',
    returnLink: 'Zurück zu HC Portal',
    refundTest: 'Diese Testzahlung erstatten (Test-Dashboard)',
    notFoundTitle: 'Zahlung nicht gefunden',
    notFoundText: 'Dieser Test-Checkout-Link ist ungültig oder abgelaufen.',
  },
};
