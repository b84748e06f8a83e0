// Japanese texts of the server's mails and SMS (keys: ./en-US.ts).
import type { Messages } from './en-US';

export const jaJP: Messages = {
  'code.mailSubject': '認証コードのお知らせ',
  'code.mailText':
    '認証コードは {code} です。有効期限は{minutes}分です。お心当たりのない場合は、このメールを破棄してください。',
  'code.sms': '認証コード：{code}（有効期限{minutes}分）。お心当たりのない場合は破棄してください。',

  'receipt.subject': '【{site}】ご購入明細（注文番号 {order}）',
  'receipt.heading': 'ご購入ありがとうございます',
  'receipt.intro': 'ご注文の処理が完了しました。内容は以下のとおりです。',
  'receipt.orderId': '注文番号',
  'receipt.item': '商品',
  'receipt.amount': 'お支払い金額',
  'receipt.completedAt': '完了日時',
  'receipt.credited': 'チャージされたHCポイント',
  'receipt.creditedWithBonus': '{total}（うちボーナス {bonus}）',
  'receipt.balance': 'HCポイント残高',
  'receipt.deliveredGame': 'アイテムはゲーム内のキャラクターに付与されました。',
  'receipt.deliveredCoins': 'HCポイントがアカウントにチャージされました。',
  'receipt.viewOrder': 'ご注文の詳細を見る',
  'receipt.footer':
    'このメールは送信専用です。ご返信いただいてもお答えできません。お心当たりのない場合は、カスタマーサポートまでお問い合わせください。',
  'receipt.colon': '：',

  'account.passwordChanged.subject': 'パスワードが変更されました',
  'account.passwordChanged.text':
    'アカウント {account} のパスワードが変更されました。変更に使用した端末はログインしたままで、ほかの端末はすべてログアウトされました。お心当たりのない場合は、すぐにパスワードを再設定し、カスタマーサポートまでお問い合わせください。',
  'account.passwordChanged.sms':
    'アカウント {account} のパスワードが変更されました。お心当たりのない場合は、すぐに再設定してサポートへご連絡ください。',
  'account.emailChanged.subject': 'メールアドレスが変更されました',
  'account.emailChanged.text':
    'アカウント {account} のメールアドレスが {address} に変更されました。今後このアドレスにはメールをお送りしません。お心当たりのない場合は、カスタマーサポートまでお問い合わせください。',
  'account.phoneChanged.sms':
    'アカウント {account} の電話番号が {address} に変更されました。お心当たりのない場合はサポートへご連絡ください。',
  'account.deletionScheduled.subject': 'アカウントは{date}に削除されます',
  'account.deletionScheduled.text':
    'アカウント {account} の削除を受け付けました。アカウントは{date}に削除され、その時点で個人情報は消去されます。決済の記録は法令に従い、お名前を除いて保管されます。削除を取りやめる場合は、{date}より前にログインしてください。削除は取り消されます。',
  'account.deletionScheduled.sms':
    'アカウント {account} は{date}に削除されます。それまでにログインすると取り消されます。',
  'account.deletionCancelled.subject': 'アカウントの削除は取り消されました',
  'account.deletionCancelled.text':
    'アカウント {account} にログインされたため、削除は取り消されました。削除をご希望の場合は、アカウントページからあらためてお申し込みください。',
  'account.deletionCancelled.sms':
    '{account} にログインされたため、アカウントの削除は取り消されました。',
};
