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
};
