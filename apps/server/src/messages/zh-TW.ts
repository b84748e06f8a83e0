// Traditional Chinese (Taiwan) texts of the server's mails and SMS (keys: ./en-US.ts).
import type { Messages } from './en-US';

export const zhTW: Messages = {
  'code.mailSubject': '您的驗證碼',
  'code.mailText': '您的驗證碼為 {code}，{minutes} 分鐘內有效。若非本人操作，請忽略此信件。',
  'code.sms': '您的驗證碼為 {code}，{minutes} 分鐘內有效。若非本人操作，請忽略此簡訊。',

  'receipt.subject': '{site}：訂單 {order} 購買明細',
  'receipt.heading': '感謝您的購買',
  'receipt.intro': '您的訂單已完成，明細如下。',
  'receipt.orderId': '訂單編號',
  'receipt.item': '商品',
  'receipt.amount': '付款金額',
  'receipt.completedAt': '完成時間',
  'receipt.credited': '儲值 HC 點',
  'receipt.creditedWithBonus': '{total}（含贈送 {bonus}）',
  'receipt.balance': 'HC 點餘額',
  'receipt.deliveredGame': '道具已發送至您的遊戲角色，請登入遊戲查收。',
  'receipt.deliveredCoins': 'HC 點已儲值至您的帳號。',
  'receipt.viewOrder': '查看訂單詳情',
  'receipt.footer': '此信件由系統自動寄出，請勿直接回覆。若非本人操作，請聯繫客服。',
  'receipt.colon': '：',

  'account.passwordChanged.subject': '您的密碼已變更',
  'account.passwordChanged.text':
    '您的帳號 {account} 的密碼已變更。您操作的裝置會維持登入，其他所有裝置都已登出。如果這不是您本人的操作，請立即重設密碼並聯絡客服。',
  'account.passwordChanged.sms':
    '您的帳號 {account} 的密碼已變更。如非本人操作，請立即重設密碼並聯絡客服。',
  'account.emailChanged.subject': '您的電子郵件地址已變更',
  'account.emailChanged.text':
    '您的帳號 {account} 的電子郵件地址已變更為 {address}。之後我們不會再寄信到這個地址。如果這不是您本人的操作，請聯絡客服。',
  'account.phoneChanged.sms':
    '您的帳號 {account} 的手機號碼已變更為 {address}。如非本人操作，請聯絡客服。',
  'account.deletionScheduled.subject': '您的帳號將於 {date} 刪除',
  'account.deletionScheduled.text':
    '您已申請刪除帳號 {account}。帳號將於 {date} 刪除：屆時您的個人資料會被清除，付款紀錄會依法以不具名的方式保留。如果改變心意，請在 {date} 之前登入，刪除申請就會取消。',
  'account.deletionScheduled.sms': '您的帳號 {account} 將於 {date} 刪除。在此之前登入即可取消。',
  'account.deletionCancelled.subject': '您的帳號不會被刪除',
  'account.deletionCancelled.text':
    '您已登入帳號 {account}，因此刪除申請已取消。如果仍想刪除，請在帳號頁面重新申請。',
  'account.deletionCancelled.sms': '您已登入 {account}，刪除申請已取消。',
};
