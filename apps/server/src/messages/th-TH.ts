// Thai texts of the server's mails and SMS (keys: ./en-US.ts).
import type { Messages } from './en-US';

export const thTH: Messages = {
  'code.mailSubject': 'รหัสยืนยันของคุณ',
  'code.mailText':
    'รหัสยืนยันของคุณคือ {code} รหัสนี้จะหมดอายุภายใน {minutes} นาที หากคุณไม่ได้ขอรหัสนี้ โปรดละเว้นอีเมลฉบับนี้',
  'code.sms': 'รหัสยืนยันของคุณคือ {code} ใช้ได้ภายใน {minutes} นาที หากคุณไม่ได้ขอรหัส โปรดละเว้นข้อความนี้',

  'receipt.subject': '{site}: ใบเสร็จคำสั่งซื้อ {order}',
  'receipt.heading': 'ขอบคุณสำหรับการสั่งซื้อ',
  'receipt.intro': 'คำสั่งซื้อของคุณเสร็จสมบูรณ์แล้ว รายละเอียดมีดังนี้',
  'receipt.orderId': 'หมายเลขคำสั่งซื้อ',
  'receipt.item': 'สินค้า',
  'receipt.amount': 'ยอดชำระ',
  'receipt.completedAt': 'เสร็จสมบูรณ์เมื่อ',
  'receipt.credited': 'HC Point ที่ได้รับ',
  'receipt.creditedWithBonus': '{total} (รวมโบนัส {bonus})',
  'receipt.balance': 'ยอดคงเหลือ HC Point',
  'receipt.deliveredGame': 'ไอเทมถูกส่งเข้าตัวละครของคุณในเกมเรียบร้อยแล้ว',
  'receipt.deliveredCoins': 'เติม HC Point เข้าบัญชีของคุณเรียบร้อยแล้ว',
  'receipt.viewOrder': 'ดูรายละเอียดคำสั่งซื้อ',
  'receipt.footer': 'อีเมลนี้ส่งจากระบบอัตโนมัติ โปรดอย่าตอบกลับ หากคุณไม่ได้ทำรายการนี้ โปรดติดต่อฝ่ายบริการลูกค้า',
  'receipt.colon': ': ',
};
