// The pinned demo bulletin in all nine languages of docs/product/languages.md (plain text).
import type { Language } from '@hc/contract';

export const demoBulletinTexts: Record<Language, { title: string; content: string }> = {
  'en-US': {
    title: 'Welcome to HC Portal',
    content:
      'Top up your game and HC Point here. Server Ember is under maintenance today; Dawn and Tide are open as usual.',
  },
  'zh-CN': {
    title: '欢迎来到 HC Portal',
    content:
      '在这里为游戏充值或购买 HC 点数。今日「Ember」服务器维护中，「Dawn」与「Tide」服务器照常开放。',
  },
  'zh-HK': {
    title: '歡迎來到 HC Portal',
    content:
      '在這裡為遊戲增值或購買 HC 點數。今日「Ember」伺服器維護中，「Dawn」及「Tide」伺服器照常開放。',
  },
  'zh-TW': {
    title: '歡迎來到 HC Portal',
    content:
      '在這裡為遊戲儲值或購買 HC 點數。今日「Ember」伺服器維護中，「Dawn」與「Tide」伺服器照常開放。',
  },
  'th-TH': {
    title: 'ยินดีต้อนรับสู่ HC Portal',
    content:
      'เติมเงินเกมและ HC Point ได้ที่นี่ วันนี้เซิร์ฟเวอร์ Ember ปิดปรับปรุง ส่วนเซิร์ฟเวอร์ Dawn และ Tide เปิดให้บริการตามปกติ',
  },
  'ko-KR': {
    title: 'HC Portal에 오신 것을 환영합니다',
    content:
      '여기에서 게임과 HC 포인트를 충전하세요. 오늘 Ember 서버는 점검 중이며, Dawn과 Tide 서버는 평소대로 운영됩니다.',
  },
  'ja-JP': {
    title: 'HC Portal へようこそ',
    content:
      'ゲームと HC ポイントのチャージはこちらから。本日 Ember サーバーはメンテナンス中です。Dawn と Tide サーバーは通常どおりご利用いただけます。',
  },
  'vi-VN': {
    title: 'Chào mừng đến với HC Portal',
    content:
      'Nạp tiền cho trò chơi và HC Point tại đây. Hôm nay máy chủ Ember đang bảo trì; máy chủ Dawn và Tide vẫn hoạt động bình thường.',
  },
  'de-DE': {
    title: 'Willkommen bei HC Portal',
    content:
      'Hier laden Sie Ihr Spiel und HC Point auf. Der Server Ember wird heute gewartet; Dawn und Tide sind wie gewohnt geöffnet.',
  },
};
