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
};
