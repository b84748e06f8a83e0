// Simplified Chinese texts of the server's mails and SMS (keys: ./en-US.ts).
import type { Messages } from './en-US';

export const zhCN: Messages = {
  'code.mailSubject': '您的验证码',
  'code.mailText': '您的验证码为 {code}，{minutes} 分钟内有效。如非本人操作，请忽略本邮件。',
  'code.sms': '您的验证码为 {code}，{minutes} 分钟内有效。如非本人操作，请忽略本短信。',

  'receipt.subject': '{site}：订单 {order} 购买凭证',
  'receipt.heading': '感谢您的购买',
  'receipt.intro': '您的订单已完成，详情如下。',
  'receipt.orderId': '订单编号',
  'receipt.item': '商品',
  'receipt.amount': '支付金额',
  'receipt.completedAt': '完成时间',
  'receipt.credited': '到账 HC 点',
  'receipt.creditedWithBonus': '{total}（含赠送 {bonus}）',
  'receipt.balance': 'HC 点余额',
  'receipt.deliveredGame': '道具已发放到您的游戏角色，请登录游戏查收。',
  'receipt.deliveredCoins': 'HC 点已充值到您的账户。',
  'receipt.viewOrder': '查看订单详情',
  'receipt.footer': '此邮件由系统自动发送，请勿直接回复。如非本人操作，请联系客服。',
  'receipt.colon': '：',
};
