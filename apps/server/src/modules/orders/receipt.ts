// Receipt email after a completed order: order id, item, amount and, for HC
// Point packs, the credit and the new balance; in the player's language (docs/product/languages.md, en-US
// fallback per docs/product/languages.md#fallback), sent through the same Mailer as the sign-in codes.
import { FALLBACK_LANGUAGE, type Language } from '@hc/contract';
import type { Mailer } from '../../adapters/mail/mail';
import { matchLanguage } from '../../lib/language';
import { escapeHtml } from '../../lib/escape-html';

export interface ReceiptInput {
  /** Any BCP 47 tag; mapped to one of the nine languages, else en-US. */
  language: string;
  siteTitle: string;
  orderId: string;
  itemName: string;
  /** Price paid in minor units of `currency` (e.g. cents). */
  amount: number;
  /** ISO 4217 code. */
  currency: string;
  completedAt: Date;
  /** HC Point balance after the credit; HC Point packs only (its presence marks one). */
  hcBalance?: number;
  /** HC Point this order added: bought (basic) and bonus (present), docs/product/hc-point.md#balances. */
  hcCredited?: { basic: number; present: number };
  /** Absolute link to the order detail page. */
  orderUrl: string;
}

export interface RenderedReceipt {
  subject: string;
  text: string;
  html: string;
}

interface ReceiptMessages {
  subject: (orderId: string, site: string) => string;
  heading: string;
  intro: string;
  orderId: string;
  item: string;
  amount: string;
  completedAt: string;
  credited: string;
  /** `total` and `bonus` arrive already number-formatted; bonus is only given when > 0. */
  creditedValue: (total: string, bonus?: string) => string;
  balance: string;
  deliveredGame: string;
  deliveredCoins: string;
  viewOrder: string;
  footer: string;
  /** Label/value separator in the plain-text body. */
  colon: string;
}

const messages: Record<Language, ReceiptMessages> = {
  'en-US': {
    subject: (id, site) => `${site}: receipt for order ${id}`,
    heading: 'Thank you for your purchase',
    intro: 'Your order is complete. Here are the details.',
    orderId: 'Order number',
    item: 'Item',
    amount: 'Amount paid',
    completedAt: 'Completed',
    credited: 'HC Point added',
    creditedValue: (total, bonus) => (bonus ? `${total} (including ${bonus} bonus)` : total),
    balance: 'HC Point balance',
    deliveredGame: 'Your items have been delivered to your character in the game.',
    deliveredCoins: 'The HC Point has been added to your balance.',
    viewOrder: 'View order details',
    footer:
      'This is an automated message, please do not reply. If you did not make this purchase, please contact customer support.',
    colon: ': ',
  },
  'zh-CN': {
    subject: (id, site) => `${site}：订单 ${id} 购买凭证`,
    heading: '感谢您的购买',
    intro: '您的订单已完成，详情如下。',
    orderId: '订单编号',
    item: '商品',
    amount: '支付金额',
    completedAt: '完成时间',
    credited: '到账 HC 点',
    creditedValue: (total, bonus) => (bonus ? `${total}（含赠送 ${bonus}）` : total),
    balance: 'HC 点余额',
    deliveredGame: '道具已发放到您的游戏角色，请登录游戏查收。',
    deliveredCoins: 'HC 点已充值到您的账户。',
    viewOrder: '查看订单详情',
    footer: '此邮件由系统自动发送，请勿直接回复。如非本人操作，请联系客服。',
    colon: '：',
  },
  'zh-HK': {
    subject: (id, site) => `${site}：訂單 ${id} 購買收據`,
    heading: '多謝惠顧',
    intro: '閣下的訂單已完成，詳情如下。',
    orderId: '訂單編號',
    item: '產品',
    amount: '付款金額',
    completedAt: '完成時間',
    credited: '已增值 HC 點',
    creditedValue: (total, bonus) => (bonus ? `${total}（包括贈送 ${bonus}）` : total),
    balance: 'HC 點結餘',
    deliveredGame: '物品已送到閣下的遊戲角色，請登入遊戲查收。',
    deliveredCoins: 'HC 點已增值到閣下的帳戶。',
    viewOrder: '查看訂單詳情',
    footer: '此電郵由系統自動發出，請勿直接回覆。如非本人操作，請聯絡客戶服務。',
    colon: '：',
  },
  'zh-TW': {
    subject: (id, site) => `${site}：訂單 ${id} 購買明細`,
    heading: '感謝您的購買',
    intro: '您的訂單已完成，明細如下。',
    orderId: '訂單編號',
    item: '商品',
    amount: '付款金額',
    completedAt: '完成時間',
    credited: '儲值 HC 點',
    creditedValue: (total, bonus) => (bonus ? `${total}（含贈送 ${bonus}）` : total),
    balance: 'HC 點餘額',
    deliveredGame: '道具已發送至您的遊戲角色，請登入遊戲查收。',
    deliveredCoins: 'HC 點已儲值至您的帳號。',
    viewOrder: '查看訂單詳情',
    footer: '此信件由系統自動寄出，請勿直接回覆。若非本人操作，請聯繫客服。',
    colon: '：',
  },
  'th-TH': {
    subject: (id, site) => `${site}: ใบเสร็จคำสั่งซื้อ ${id}`,
    heading: 'ขอบคุณสำหรับการสั่งซื้อ',
    intro: 'คำสั่งซื้อของคุณเสร็จสมบูรณ์แล้ว รายละเอียดมีดังนี้',
    orderId: 'หมายเลขคำสั่งซื้อ',
    item: 'สินค้า',
    amount: 'ยอดชำระ',
    completedAt: 'เสร็จสมบูรณ์เมื่อ',
    credited: 'HC Point ที่ได้รับ',
    creditedValue: (total, bonus) => (bonus ? `${total} (รวมโบนัส ${bonus})` : total),
    balance: 'ยอดคงเหลือ HC Point',
    deliveredGame: 'ไอเทมถูกส่งเข้าตัวละครของคุณในเกมเรียบร้อยแล้ว',
    deliveredCoins: 'เติม HC Point เข้าบัญชีของคุณเรียบร้อยแล้ว',
    viewOrder: 'ดูรายละเอียดคำสั่งซื้อ',
    footer: 'อีเมลนี้ส่งจากระบบอัตโนมัติ โปรดอย่าตอบกลับ หากคุณไม่ได้ทำรายการนี้ โปรดติดต่อฝ่ายบริการลูกค้า',
    colon: ': ',
  },
  'ko-KR': {
    subject: (id, site) => `${site}: 주문 ${id} 결제 영수증`,
    heading: '구매해 주셔서 감사합니다',
    intro: '주문이 완료되었습니다. 자세한 내용은 아래와 같습니다.',
    orderId: '주문 번호',
    item: '상품',
    amount: '결제 금액',
    completedAt: '완료 일시',
    credited: '충전된 HC 포인트',
    creditedValue: (total, bonus) => (bonus ? `${total} (보너스 ${bonus} 포함)` : total),
    balance: 'HC 포인트 잔액',
    deliveredGame: '아이템이 게임 속 캐릭터에게 지급되었습니다.',
    deliveredCoins: 'HC 포인트가 계정에 충전되었습니다.',
    viewOrder: '주문 상세 보기',
    footer: '본 메일은 발신 전용입니다. 본인이 구매하지 않았다면 고객센터로 문의해 주세요.',
    colon: ': ',
  },
  'ja-JP': {
    subject: (id, site) => `【${site}】ご購入明細（注文番号 ${id}）`,
    heading: 'ご購入ありがとうございます',
    intro: 'ご注文の処理が完了しました。内容は以下のとおりです。',
    orderId: '注文番号',
    item: '商品',
    amount: 'お支払い金額',
    completedAt: '完了日時',
    credited: 'チャージされたHCポイント',
    creditedValue: (total, bonus) => (bonus ? `${total}（うちボーナス ${bonus}）` : total),
    balance: 'HCポイント残高',
    deliveredGame: 'アイテムはゲーム内のキャラクターに付与されました。',
    deliveredCoins: 'HCポイントがアカウントにチャージされました。',
    viewOrder: 'ご注文の詳細を見る',
    footer:
      'このメールは送信専用です。ご返信いただいてもお答えできません。お心当たりのない場合は、カスタマーサポートまでお問い合わせください。',
    colon: '：',
  },
  'vi-VN': {
    subject: (id, site) => `${site}: Biên nhận đơn hàng ${id}`,
    heading: 'Cảm ơn bạn đã mua hàng',
    intro: 'Đơn hàng của bạn đã hoàn tất. Chi tiết như sau.',
    orderId: 'Mã đơn hàng',
    item: 'Sản phẩm',
    amount: 'Số tiền đã thanh toán',
    completedAt: 'Thời gian hoàn tất',
    credited: 'HC Point đã nạp',
    creditedValue: (total, bonus) => (bonus ? `${total} (đã gồm ${bonus} tặng thêm)` : total),
    balance: 'Số dư HC Point',
    deliveredGame: 'Vật phẩm đã được gửi đến nhân vật của bạn trong game.',
    deliveredCoins: 'HC Point đã được nạp vào tài khoản của bạn.',
    viewOrder: 'Xem chi tiết đơn hàng',
    footer:
      'Đây là email tự động, vui lòng không trả lời. Nếu bạn không thực hiện giao dịch này, hãy liên hệ bộ phận chăm sóc khách hàng.',
    colon: ': ',
  },
  'de-DE': {
    subject: (id, site) => `${site}: Kaufbeleg zu Bestellung ${id}`,
    heading: 'Vielen Dank für Ihren Einkauf',
    intro: 'Ihre Bestellung ist abgeschlossen. Hier die Details:',
    orderId: 'Bestellnummer',
    item: 'Artikel',
    amount: 'Gezahlter Betrag',
    completedAt: 'Abgeschlossen am',
    credited: 'Gutgeschriebene HC-Points',
    creditedValue: (total, bonus) => (bonus ? `${total} (davon ${bonus} Bonus)` : total),
    balance: 'HC-Point-Guthaben',
    deliveredGame: 'Die Gegenstände wurden Ihrem Charakter im Spiel gutgeschrieben.',
    deliveredCoins: 'Die HC-Points wurden Ihrem Konto gutgeschrieben.',
    viewOrder: 'Bestelldetails ansehen',
    footer:
      'Diese E-Mail wurde automatisch versendet, bitte antworten Sie nicht darauf. Falls Sie diesen Kauf nicht getätigt haben, wenden Sie sich bitte an den Kundensupport.',
    colon: ': ',
  },
};

/** Formats minor units with the currency's own fraction digits (JPY 0, USD 2, KWD 3). */
export function formatMoney(language: string, amount: number, currency: string): string {
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2;
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount / 10 ** digits);
}

function formatUtc(language: string, at: Date): string {
  const formatted = new Intl.DateTimeFormat(language, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(at);
  return `${formatted} UTC`;
}

export { escapeHtml };

/** A mail header must stay on one line whatever a title or id contains. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

export function renderReceipt(input: ReceiptInput): RenderedReceipt {
  const language = matchLanguage(input.language) ?? FALLBACK_LANGUAGE;
  const m = messages[language];
  const count = (n: number) => new Intl.NumberFormat(language).format(n);
  const isCoinPack = input.hcBalance !== undefined;

  const rows: [string, string][] = [
    [m.orderId, input.orderId],
    [m.item, input.itemName],
    [m.amount, formatMoney(language, input.amount, input.currency)],
    [m.completedAt, formatUtc(language, input.completedAt)],
  ];
  if (isCoinPack && input.hcCredited !== undefined) {
    const { basic, present } = input.hcCredited;
    rows.push([
      m.credited,
      m.creditedValue(count(basic + present), present > 0 ? count(present) : undefined),
    ]);
  }
  if (input.hcBalance !== undefined) rows.push([m.balance, count(input.hcBalance)]);
  const delivered = isCoinPack ? m.deliveredCoins : m.deliveredGame;

  const subject = oneLine(m.subject(input.orderId, input.siteTitle));
  const text = [
    m.heading,
    '',
    m.intro,
    '',
    ...rows.map(([label, value]) => `${label}${m.colon}${value}`),
    '',
    delivered,
    '',
    `${m.viewOrder}${m.colon}${input.orderUrl}`,
    '',
    '--',
    m.footer,
    input.siteTitle,
    '',
  ].join('\n');

  const e = escapeHtml;
  const cell = 'padding:8px 12px;border-bottom:1px solid #e5e7eb;vertical-align:top;';
  const tableRows = rows
    .map(
      ([label, value]) =>
        `<tr><td style="${cell}color:#6b7280;white-space:nowrap;">${e(label)}</td>` +
        `<td style="${cell}color:#111827;font-weight:600;">${e(value)}</td></tr>`,
    )
    .join('');
  const html =
    `<!DOCTYPE html><html lang="${language}"><head><meta charset="utf-8">` +
    `<title>${e(subject)}</title></head>` +
    `<body style="margin:0;padding:24px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;">` +
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px;">` +
    `<h1 style="margin:0 0 8px;font-size:20px;color:#111827;">${e(m.heading)}</h1>` +
    `<p style="margin:0 0 16px;font-size:14px;color:#374151;">${e(m.intro)}</p>` +
    `<table role="presentation" style="width:100%;border-collapse:collapse;font-size:14px;">${tableRows}</table>` +
    `<p style="margin:16px 0;font-size:14px;color:#374151;">${e(delivered)}</p>` +
    `<p style="margin:16px 0;"><a href="${e(input.orderUrl)}" style="display:inline-block;padding:10px 16px;background:#2563eb;color:#ffffff;text-decoration:none;border-radius:6px;font-size:14px;">${e(m.viewOrder)}</a></p>` +
    `<p style="margin:24px 0 0;font-size:12px;color:#9ca3af;">${e(m.footer)}<br>${e(input.siteTitle)}</p>` +
    `</div></body></html>`;

  return { subject, text, html };
}

/**
 * Renders and sends the receipt. The Mailer's MailMessage carries `to`, `subject` and `text`
 * only, so the plain-text body is what goes out; `html` is returned for when it gains a field.
 */
export async function sendReceipt(
  mail: Mailer,
  to: string,
  input: ReceiptInput,
): Promise<RenderedReceipt> {
  const receipt = renderReceipt(input);
  await mail.send({ to, subject: receipt.subject, text: receipt.text, html: receipt.html });
  return receipt;
}
