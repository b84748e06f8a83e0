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

  'account.passwordChanged.subject': 'รหัสผ่านของคุณถูกเปลี่ยนแล้ว',
  'account.passwordChanged.text':
    'รหัสผ่านของบัญชี {account} ถูกเปลี่ยนแล้ว อุปกรณ์ที่คุณใช้เปลี่ยนยังคงเข้าสู่ระบบอยู่ ส่วนอุปกรณ์อื่นทั้งหมดถูกออกจากระบบแล้ว หากคุณไม่ได้ทำรายการนี้ โปรดรีเซ็ตรหัสผ่านทันทีและติดต่อฝ่ายบริการลูกค้า',
  'account.passwordChanged.sms':
    'รหัสผ่านของบัญชี {account} ถูกเปลี่ยนแล้ว หากคุณไม่ได้ทำรายการนี้ โปรดรีเซ็ตรหัสผ่านทันทีและติดต่อฝ่ายบริการลูกค้า',
  'account.emailChanged.subject': 'อีเมลของคุณถูกเปลี่ยนแล้ว',
  'account.emailChanged.text':
    'อีเมลของบัญชี {account} ถูกเปลี่ยนเป็น {address} แล้ว เราจะไม่ส่งข้อความมายังอีเมลนี้อีก หากคุณไม่ได้ทำรายการนี้ โปรดติดต่อฝ่ายบริการลูกค้า',
  'account.phoneChanged.sms':
    'หมายเลขโทรศัพท์ของบัญชี {account} ถูกเปลี่ยนเป็น {address} แล้ว หากคุณไม่ได้ทำรายการนี้ โปรดติดต่อฝ่ายบริการลูกค้า',
  'account.deletionScheduled.subject': 'บัญชีของคุณจะถูกลบในวันที่ {date}',
  'account.deletionScheduled.text':
    'คุณได้ขอลบบัญชี {account} บัญชีจะถูกลบในวันที่ {date} เมื่อถึงวันนั้นข้อมูลส่วนบุคคลของคุณจะถูกลบ และบันทึกการชำระเงินจะถูกเก็บไว้โดยไม่ระบุชื่อตามที่กฎหมายกำหนด หากเปลี่ยนใจ โปรดเข้าสู่ระบบก่อนวันที่ {date} คำขอลบจะถูกยกเลิก',
  'account.deletionScheduled.sms': 'บัญชี {account} จะถูกลบในวันที่ {date} เข้าสู่ระบบก่อนวันนั้นเพื่อยกเลิก',
  'account.deletionCancelled.subject': 'บัญชีของคุณจะไม่ถูกลบ',
  'account.deletionCancelled.text':
    'คุณได้เข้าสู่ระบบบัญชี {account} แล้ว คำขอลบบัญชีจึงถูกยกเลิก หากยังต้องการลบ โปรดส่งคำขออีกครั้งในหน้าบัญชี',
  'account.deletionCancelled.sms': 'คุณได้เข้าสู่ระบบ {account} แล้ว คำขอลบบัญชีถูกยกเลิก',
};
