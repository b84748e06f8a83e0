// Korean texts of the server's mails and SMS (keys: ./en-US.ts).
import type { Messages } from './en-US';

export const koKR: Messages = {
  'code.mailSubject': '인증번호 안내',
  'code.mailText':
    '인증번호는 {code}입니다. {minutes}분 동안 유효합니다. 본인이 요청하지 않았다면 이 메일을 무시해 주세요.',
  'code.sms': '인증번호 [{code}] ({minutes}분간 유효). 본인이 요청하지 않았다면 무시해 주세요.',

  'receipt.subject': '{site}: 주문 {order} 결제 영수증',
  'receipt.heading': '구매해 주셔서 감사합니다',
  'receipt.intro': '주문이 완료되었습니다. 자세한 내용은 아래와 같습니다.',
  'receipt.orderId': '주문 번호',
  'receipt.item': '상품',
  'receipt.amount': '결제 금액',
  'receipt.completedAt': '완료 일시',
  'receipt.credited': '충전된 HC 포인트',
  'receipt.creditedWithBonus': '{total} (보너스 {bonus} 포함)',
  'receipt.balance': 'HC 포인트 잔액',
  'receipt.deliveredGame': '아이템이 게임 속 캐릭터에게 지급되었습니다.',
  'receipt.deliveredCoins': 'HC 포인트가 계정에 충전되었습니다.',
  'receipt.viewOrder': '주문 상세 보기',
  'receipt.footer': '본 메일은 발신 전용입니다. 본인이 구매하지 않았다면 고객센터로 문의해 주세요.',
  'receipt.colon': ': ',

  'account.passwordChanged.subject': '비밀번호가 변경되었습니다',
  'account.passwordChanged.text':
    '{account} 계정의 비밀번호가 변경되었습니다. 변경에 사용한 기기는 로그인 상태가 유지되며, 다른 모든 기기는 로그아웃되었습니다. 본인이 변경하지 않았다면 지금 바로 비밀번호를 재설정하고 고객센터에 문의해 주세요.',
  'account.passwordChanged.sms':
    '{account} 계정의 비밀번호가 변경되었습니다. 본인이 아니라면 바로 재설정하고 고객센터에 문의해 주세요.',
  'account.emailChanged.subject': '이메일 주소가 변경되었습니다',
  'account.emailChanged.text':
    '{account} 계정의 이메일 주소가 {address}(으)로 변경되었습니다. 앞으로 이 주소로는 메일이 발송되지 않습니다. 본인이 변경하지 않았다면 고객센터에 문의해 주세요.',
  'account.phoneChanged.sms':
    '{account} 계정의 휴대폰 번호가 {address}(으)로 변경되었습니다. 본인이 아니라면 고객센터에 문의해 주세요.',
  'account.deletionScheduled.subject': '{date}에 계정이 삭제됩니다',
  'account.deletionScheduled.text':
    '{account} 계정 삭제를 요청하셨습니다. 계정은 {date}에 삭제되며, 이때 개인정보는 파기되고 결제 기록은 법에 따라 이름 없이 보관됩니다. 마음이 바뀌셨다면 {date} 전에 로그인하세요. 삭제 요청이 취소됩니다.',
  'account.deletionScheduled.sms':
    '{account} 계정이 {date}에 삭제됩니다. 그 전에 로그인하면 취소됩니다.',
  'account.deletionCancelled.subject': '계정이 삭제되지 않습니다',
  'account.deletionCancelled.text':
    '{account} 계정에 로그인하셔서 계정 삭제가 취소되었습니다. 그래도 삭제를 원하시면 계정 페이지에서 다시 요청해 주세요.',
  'account.deletionCancelled.sms': '{account}에 로그인하여 계정 삭제가 취소되었습니다.',
};
