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
};
