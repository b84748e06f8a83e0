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

  'account.passwordChanged.subject': 'Mật khẩu của bạn đã được thay đổi',
  'account.passwordChanged.text':
    'Mật khẩu của tài khoản {account} đã được thay đổi. Thiết bị bạn dùng để đổi vẫn giữ đăng nhập; mọi thiết bị khác đã bị đăng xuất. Nếu không phải bạn thực hiện, hãy đặt lại mật khẩu ngay và liên hệ bộ phận chăm sóc khách hàng.',
  'account.passwordChanged.sms':
    'Mật khẩu của tài khoản {account} đã được thay đổi. Nếu không phải bạn, hãy đặt lại ngay và liên hệ chăm sóc khách hàng.',
  'account.emailChanged.subject': 'Địa chỉ email của bạn đã được thay đổi',
  'account.emailChanged.text':
    'Địa chỉ email của tài khoản {account} đã được đổi thành {address}. Chúng tôi sẽ không gửi thư đến địa chỉ này nữa. Nếu không phải bạn thực hiện, hãy liên hệ bộ phận chăm sóc khách hàng.',
  'account.phoneChanged.sms':
    'Số điện thoại của tài khoản {account} đã được đổi thành {address}. Nếu không phải bạn, hãy liên hệ chăm sóc khách hàng.',
  'account.deletionScheduled.subject': 'Tài khoản của bạn sẽ bị xóa vào {date}',
  'account.deletionScheduled.text':
    'Bạn đã yêu cầu xóa tài khoản {account}. Tài khoản sẽ bị xóa vào {date}: khi đó dữ liệu cá nhân của bạn sẽ bị xóa, còn hồ sơ thanh toán được giữ lại mà không kèm tên bạn, theo quy định của pháp luật. Nếu đổi ý, hãy đăng nhập trước {date} và yêu cầu xóa sẽ được hủy.',
  'account.deletionScheduled.sms':
    'Tài khoản {account} sẽ bị xóa vào {date}. Đăng nhập trước ngày đó để hủy.',
  'account.deletionCancelled.subject': 'Tài khoản của bạn sẽ không bị xóa',
  'account.deletionCancelled.text':
    'Bạn đã đăng nhập vào tài khoản {account} nên yêu cầu xóa đã được hủy. Nếu vẫn muốn xóa, hãy gửi lại yêu cầu trên trang tài khoản.',
  'account.deletionCancelled.sms': 'Bạn đã đăng nhập vào {account} nên yêu cầu xóa đã được hủy.',
};
