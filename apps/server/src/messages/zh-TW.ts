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
};
