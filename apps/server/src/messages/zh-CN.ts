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

  'account.passwordChanged.subject': '您的密码已修改',
  'account.passwordChanged.text':
    '您的账号 {account} 的密码已修改。您进行操作的设备仍保持登录，其他所有设备均已退出登录。如果这不是您本人的操作，请立即重置密码并联系客服。',
  'account.passwordChanged.sms':
    '您的账号 {account} 的密码已修改。如非本人操作，请立即重置密码并联系客服。',
  'account.emailChanged.subject': '您的邮箱地址已更改',
  'account.emailChanged.text':
    '您的账号 {account} 的邮箱地址已更改为 {address}。此后我们不会再向本地址发送邮件。如果这不是您本人的操作，请联系客服。',
  'account.phoneChanged.sms':
    '您的账号 {account} 的手机号已更改为 {address}。如非本人操作，请联系客服。',
  'account.deletionScheduled.subject': '您的账号将于 {date} 注销',
  'account.deletionScheduled.text':
    '您已申请注销账号 {account}。账号将于 {date} 注销：届时您的个人信息将被清除，付款记录将依法以匿名方式保留。如果改变主意，请在 {date} 之前登录，注销申请即会撤销。',
  'account.deletionScheduled.sms': '您的账号 {account} 将于 {date} 注销。在此之前登录即可撤销。',
  'account.deletionCancelled.subject': '您的账号注销已撤销',
  'account.deletionCancelled.text':
    '您已登录账号 {account}，因此注销申请已撤销。如果仍想注销，请在账号页面重新申请。',
  'account.deletionCancelled.sms': '您已登录 {account}，注销申请已撤销。',
};
