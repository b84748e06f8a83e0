// Traditional Chinese (Hong Kong) texts of the server's mails and SMS (keys: ./en-US.ts).
import type { Messages } from './en-US';

export const zhHK: Messages = {
  'code.mailSubject': '閣下的驗證碼',
  'code.mailText': '閣下的驗證碼為 {code}，有效時間為 {minutes} 分鐘。如非本人操作，請忽略此電郵。',
  'code.sms': '閣下的驗證碼為 {code}，{minutes} 分鐘內有效。如非本人操作，請忽略此短訊。',

  'receipt.subject': '{site}：訂單 {order} 購買收據',
  'receipt.heading': '多謝惠顧',
  'receipt.intro': '閣下的訂單已完成，詳情如下。',
  'receipt.orderId': '訂單編號',
  'receipt.item': '產品',
  'receipt.amount': '付款金額',
  'receipt.completedAt': '完成時間',
  'receipt.credited': '已增值 HC 點',
  'receipt.creditedWithBonus': '{total}（包括贈送 {bonus}）',
  'receipt.balance': 'HC 點結餘',
  'receipt.deliveredGame': '物品已送到閣下的遊戲角色，請登入遊戲查收。',
  'receipt.deliveredCoins': 'HC 點已增值到閣下的帳戶。',
  'receipt.viewOrder': '查看訂單詳情',
  'receipt.footer': '此電郵由系統自動發出，請勿直接回覆。如非本人操作，請聯絡客戶服務。',
  'receipt.colon': '：',

  'account.passwordChanged.subject': '你的密碼已更改',
  'account.passwordChanged.text':
    '你的帳戶 {account} 的密碼已更改。你進行操作的裝置會保持登入，其他所有裝置已被登出。如這不是你本人的操作，請立即重設密碼並聯絡客戶服務。',
  'account.passwordChanged.sms':
    '你的帳戶 {account} 的密碼已更改。如非本人操作，請立即重設密碼並聯絡客戶服務。',
  'account.emailChanged.subject': '你的電郵地址已更改',
  'account.emailChanged.text':
    '你的帳戶 {account} 的電郵地址已更改為 {address}。我們之後不會再向此地址發送電郵。如這不是你本人的操作，請聯絡客戶服務。',
  'account.phoneChanged.sms':
    '你的帳戶 {account} 的電話號碼已更改為 {address}。如非本人操作，請聯絡客戶服務。',
  'account.deletionScheduled.subject': '你的帳戶將於 {date} 刪除',
  'account.deletionScheduled.text':
    '你已申請刪除帳戶 {account}。帳戶將於 {date} 刪除：屆時你的個人資料會被清除，付款紀錄會按法例要求以不具名方式保留。如改變主意，請於 {date} 前登入，刪除申請便會取消。',
  'account.deletionScheduled.sms': '你的帳戶 {account} 將於 {date} 刪除。在此之前登入即可取消。',
  'account.deletionCancelled.subject': '你的帳戶不會被刪除',
  'account.deletionCancelled.text':
    '你已登入帳戶 {account}，因此刪除申請已取消。如仍想刪除，請在帳戶頁面再次申請。',
  'account.deletionCancelled.sms': '你已登入 {account}，刪除申請已取消。',
};
