// Vietnamese texts of the server's mails and SMS (keys: ./en-US.ts).
import type { Messages } from './en-US';

export const viVN: Messages = {
  'code.mailSubject': 'Mã xác minh của bạn',
  'code.mailText':
    'Mã xác minh của bạn là {code}. Mã có hiệu lực trong {minutes} phút. Nếu bạn không yêu cầu mã này, vui lòng bỏ qua email này.',
  'code.sms':
    'Mã xác minh của bạn là {code}, có hiệu lực trong {minutes} phút. Nếu không phải bạn yêu cầu, vui lòng bỏ qua tin nhắn này.',

  'receipt.subject': '{site}: Biên nhận đơn hàng {order}',
  'receipt.heading': 'Cảm ơn bạn đã mua hàng',
  'receipt.intro': 'Đơn hàng của bạn đã hoàn tất. Chi tiết như sau.',
  'receipt.orderId': 'Mã đơn hàng',
  'receipt.item': 'Sản phẩm',
  'receipt.amount': 'Số tiền đã thanh toán',
  'receipt.completedAt': 'Thời gian hoàn tất',
  'receipt.credited': 'HC Point đã nạp',
  'receipt.creditedWithBonus': '{total} (đã gồm {bonus} tặng thêm)',
  'receipt.balance': 'Số dư HC Point',
  'receipt.deliveredGame': 'Vật phẩm đã được gửi đến nhân vật của bạn trong game.',
  'receipt.deliveredCoins': 'HC Point đã được nạp vào tài khoản của bạn.',
  'receipt.viewOrder': 'Xem chi tiết đơn hàng',
  'receipt.footer':
    'Đây là email tự động, vui lòng không trả lời. Nếu bạn không thực hiện giao dịch này, hãy liên hệ bộ phận chăm sóc khách hàng.',
  'receipt.colon': ': ',
};
