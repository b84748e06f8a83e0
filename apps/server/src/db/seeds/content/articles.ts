// Demo articles (at least 12 across types 1–4, real text in all nine docs/product/languages.md languages).
// Each text is [title, paragraph, paragraph(, paragraph)]; demo-content.ts turns it into HTML.
import type { Language } from '@hc/contract';

export type ArticleText = readonly [title: string, ...paragraphs: string[]];

export interface DemoArticle {
  /** 1 news, 2 event, 3 update, 4 strategy. */
  type: 1 | 2 | 3 | 4;
  /** Cover drawn for this article (apps/web/public/content/cover-*.svg). */
  img: string;
  /** Fixed dates keep the demo (and the tests' clock, 2026-01-15) stable. */
  publishedAt: string;
  pinned?: boolean;
  texts: Record<Language, ArticleText>;
}

export const demoArticles: readonly DemoArticle[] = [
  {
    type: 1,
    img: '/content/cover-welcome.svg',
    publishedAt: '2026-01-02T09:00:00Z',
    pinned: true,
    texts: {
      'en-US': [
        'Welcome to the Demo Game portal',
        'The official portal is open! Top up crystals and HC Point, follow the latest news and redeem gift codes, all in one place.',
        'To celebrate, enter the gift code WELCOME2026 on the home page to receive a starter pack. Each account can redeem it once.',
      ],
      'zh-CN': [
        '欢迎来到 Demo Game 官方门户',
        '官方门户正式上线！在这里可以充值水晶与 HC 点数、查看最新资讯、兑换礼包码，一站搞定。',
        '为庆祝上线，在首页输入礼包码 WELCOME2026 即可领取新手礼包，每个账号限领一次。',
      ],
      'zh-HK': [
        '歡迎來到 Demo Game 官方網站',
        '官方網站正式開放！在這裡可以增值水晶及 HC 點數、緊貼最新消息、兌換禮包碼，一站式搞掂。',
        '為慶祝開站，於首頁輸入禮包碼 WELCOME2026 即可領取新手禮包，每個帳戶限領一次。',
      ],
      'zh-TW': [
        '歡迎來到 Demo Game 官方入口網站',
        '官方入口網站正式上線！在這裡可以儲值水晶與 HC 點數、掌握最新消息、兌換序號，一次搞定。',
        '為慶祝上線，在首頁輸入序號 WELCOME2026 即可領取新手禮包，每個帳號限領一次。',
      ],
      'th-TH': [
        'ยินดีต้อนรับสู่พอร์ทัล Demo Game',
        'พอร์ทัลอย่างเป็นทางการเปิดแล้ว! เติมคริสตัลและ HC Point ติดตามข่าวล่าสุด และแลกโค้ดของขวัญได้ครบในที่เดียว',
        'เพื่อฉลองการเปิดตัว กรอกโค้ด WELCOME2026 ที่หน้าแรกเพื่อรับแพ็กผู้เล่นใหม่ แต่ละบัญชีใช้ได้หนึ่งครั้ง',
      ],
      'ko-KR': [
        'Demo Game 공식 포털에 오신 것을 환영합니다',
        '공식 포털이 오픈했습니다! 크리스탈과 HC 포인트 충전, 최신 소식 확인, 쿠폰 사용까지 한곳에서 해결하세요.',
        '오픈을 기념해 홈 화면에서 쿠폰 코드 WELCOME2026을 입력하면 초보자 패키지를 드립니다. 계정당 1회 사용할 수 있습니다.',
      ],
      'ja-JP': [
        'Demo Game 公式ポータルへようこそ',
        '公式ポータルがオープンしました！クリスタルや HC ポイントのチャージ、最新ニュースの確認、ギフトコードの引き換えがここひとつで完結します。',
        'オープンを記念して、ホーム画面でギフトコード「WELCOME2026」を入力するとスターターパックを受け取れます。1アカウントにつき1回限りです。',
      ],
      'vi-VN': [
        'Chào mừng đến với cổng Demo Game',
        'Cổng thông tin chính thức đã mở! Nạp pha lê và HC Point, theo dõi tin mới và đổi giftcode, tất cả ở cùng một nơi.',
        'Nhân dịp ra mắt, nhập giftcode WELCOME2026 tại trang chủ để nhận gói tân thủ. Mỗi tài khoản được dùng một lần.',
      ],
      'de-DE': [
        'Willkommen im Demo-Game-Portal',
        'Das offizielle Portal ist online! Kristalle und HC Point aufladen, Neuigkeiten lesen und Geschenkcodes einlösen – alles an einem Ort.',
        'Zum Start gibt es ein Geschenk: Gib auf der Startseite den Code WELCOME2026 ein und erhalte ein Starterpaket. Einmal pro Konto einlösbar.',
      ],
    },
  },
  {
    type: 1,
    img: '/content/cover-ember-maintenance.svg',
    publishedAt: '2026-01-13T03:00:00Z',
    texts: {
      'en-US': [
        'Maintenance on server Ember',
        'Server Ember will be under maintenance on January 14 from 02:00 to 06:00 UTC while we upgrade its hardware. Dawn and Tide stay open.',
        'Every player on Ember will receive 100 crystals by in-game mail after the maintenance. Thank you for your patience!',
      ],
      'zh-CN': [
        '「Ember」服务器维护公告',
        '为升级硬件，「Ember」服务器将于 1 月 14 日 02:00 至 06:00（UTC）进行维护，「Dawn」与「Tide」服务器不受影响。',
        '维护结束后，「Ember」服务器的所有玩家将通过游戏内邮件获得 100 水晶补偿。感谢各位的耐心等待！',
      ],
      'zh-HK': [
        '「Ember」伺服器維護公告',
        '為提升硬件效能，「Ember」伺服器將於 1 月 14 日 02:00 至 06:00（UTC）進行維護，「Dawn」及「Tide」伺服器照常開放。',
        '維護完成後，「Ember」伺服器所有玩家將透過遊戲內郵件獲得 100 水晶補償。多謝各位耐心等候！',
      ],
      'zh-TW': [
        '「Ember」伺服器維護公告',
        '為升級硬體，「Ember」伺服器將於 1 月 14 日 02:00 至 06:00（UTC）進行維護，「Dawn」與「Tide」伺服器不受影響。',
        '維護結束後，「Ember」伺服器的所有玩家將透過遊戲內信件獲得 100 水晶補償。感謝大家耐心等候！',
      ],
      'th-TH': [
        'ปิดปรับปรุงเซิร์ฟเวอร์ Ember',
        'เซิร์ฟเวอร์ Ember จะปิดปรับปรุงในวันที่ 14 มกราคม เวลา 02:00–06:00 น. (UTC) เพื่ออัปเกรดฮาร์ดแวร์ ส่วนเซิร์ฟเวอร์ Dawn และ Tide เปิดให้บริการตามปกติ',
        'หลังปิดปรับปรุง ผู้เล่นทุกคนในเซิร์ฟเวอร์ Ember จะได้รับ 100 คริสตัลทางจดหมายในเกม ขอบคุณที่รอคอย!',
      ],
      'ko-KR': [
        'Ember 서버 점검 안내',
        '하드웨어 업그레이드를 위해 1월 14일 02:00~06:00(UTC) Ember 서버 점검이 진행됩니다. Dawn과 Tide 서버는 정상 운영됩니다.',
        '점검 후 Ember 서버의 모든 플레이어에게 게임 내 우편으로 크리스탈 100개를 보내 드립니다. 양해해 주셔서 감사합니다!',
      ],
      'ja-JP': [
        'Ember サーバーメンテナンスのお知らせ',
        'ハードウェア増強のため、1月14日 02:00～06:00（UTC）に Ember サーバーのメンテナンスを行います。Dawn と Tide サーバーは通常どおりご利用いただけます。',
        'メンテナンス終了後、Ember サーバーの全プレイヤーにゲーム内メールでクリスタル100個をお届けします。ご理解のほどよろしくお願いいたします。',
      ],
      'vi-VN': [
        'Bảo trì máy chủ Ember',
        'Máy chủ Ember sẽ bảo trì ngày 14/1 từ 02:00 đến 06:00 (UTC) để nâng cấp phần cứng. Máy chủ Dawn và Tide vẫn hoạt động bình thường.',
        'Sau bảo trì, mọi người chơi tại Ember sẽ nhận 100 pha lê qua thư trong game. Cảm ơn bạn đã kiên nhẫn chờ đợi!',
      ],
      'de-DE': [
        'Wartung auf dem Server Ember',
        'Am 14. Januar von 02:00 bis 06:00 Uhr (UTC) wird der Server Ember gewartet, um seine Hardware aufzurüsten. Dawn und Tide bleiben geöffnet.',
        'Nach der Wartung erhalten alle Spieler auf Ember 100 Kristalle per Ingame-Post. Danke für eure Geduld!',
      ],
    },
  },
  {
    type: 1,
    img: '/content/cover-tide-server.svg',
    publishedAt: '2026-01-08T10:00:00Z',
    texts: {
      'en-US': [
        'New server Tide is now open',
        'Our third server, Tide, opened today. Start fresh alongside other newcomers and race to the top of the first leaderboard.',
        'Players who create a character on Tide during the first week receive a double experience bonus until level 30.',
      ],
      'zh-CN': [
        '新服务器「Tide」现已开放',
        '第三台服务器「Tide」今日正式开放！与其他新玩家站在同一起跑线，争夺首个排行榜的荣耀。',
        '开服首周在「Tide」创建角色的玩家，30 级前可享受双倍经验加成。',
      ],
      'zh-HK': [
        '新伺服器「Tide」現已開放',
        '第三個伺服器「Tide」今日正式開放！與一眾新玩家同步起跑，爭奪首個排行榜的榮耀。',
        '開服首週於「Tide」建立角色的玩家，30 級前可享雙倍經驗加成。',
      ],
      'zh-TW': [
        '新伺服器「Tide」正式開放',
        '第三座伺服器「Tide」今天正式開放！和其他新玩家一起從頭出發，挑戰第一個排行榜的榮耀。',
        '開服首週在「Tide」建立角色的玩家，30 級前可享雙倍經驗加成。',
      ],
      'th-TH': [
        'เซิร์ฟเวอร์ใหม่ Tide เปิดแล้ว',
        'เซิร์ฟเวอร์ที่สาม Tide เปิดให้บริการวันนี้ เริ่มต้นใหม่พร้อมผู้เล่นหน้าใหม่ และแข่งกันขึ้นอันดับหนึ่งของตารางคะแนนแรก',
        'ผู้เล่นที่สร้างตัวละครใน Tide ภายในสัปดาห์แรกจะได้รับโบนัส EXP สองเท่าจนถึงเลเวล 30',
      ],
      'ko-KR': [
        '신규 서버 Tide 오픈',
        '세 번째 서버 Tide가 오늘 오픈했습니다. 새로운 모험가들과 함께 출발해 첫 번째 랭킹 1위에 도전하세요.',
        '오픈 첫 주에 Tide에서 캐릭터를 생성한 플레이어는 30레벨까지 경험치 2배 보너스를 받습니다.',
      ],
      'ja-JP': [
        '新サーバー「Tide」オープン',
        '3つ目のサーバー「Tide」が本日オープンしました。新しい仲間と同じスタートラインから、最初のランキング1位を目指しましょう。',
        'オープン初週に Tide でキャラクターを作成すると、レベル30まで経験値2倍ボーナスが適用されます。',
      ],
      'vi-VN': [
        'Máy chủ mới Tide chính thức mở',
        'Máy chủ thứ ba, Tide, đã mở hôm nay. Cùng xuất phát với các tân thủ khác và đua top bảng xếp hạng đầu tiên.',
        'Người chơi tạo nhân vật tại Tide trong tuần đầu sẽ nhận nhân đôi kinh nghiệm cho đến cấp 30.',
      ],
      'de-DE': [
        'Neuer Server Tide ist online',
        'Unser dritter Server, Tide, ist heute gestartet. Fang gemeinsam mit anderen Neulingen von vorne an und kämpfe um die Spitze der ersten Rangliste.',
        'Wer in der ersten Woche einen Charakter auf Tide erstellt, erhält bis Stufe 30 doppelte Erfahrungspunkte.',
      ],
    },
  },
  {
    type: 2,
    img: '/content/cover-lantern-festival.svg',
    publishedAt: '2026-01-10T08:00:00Z',
    texts: {
      'en-US': [
        'Lantern Festival: light up the sky',
        'From January 10 to 24, log in every day to collect festival lanterns. Hang them in the capital to unlock rewards for the whole server.',
        'Collect ten lanterns to receive the exclusive Moonlit Fox mount. Happy festival!',
      ],
      'zh-CN': [
        '元宵灯会：点亮夜空',
        '1 月 10 日至 24 日，每日登录即可获得节日灯笼。将灯笼挂在王城，为全服解锁奖励。',
        '集齐十盏灯笼可获得限定坐骑「月影灵狐」。祝大家节日快乐！',
      ],
      'zh-HK': [
        '元宵燈會：點亮夜空',
        '1 月 10 日至 24 日，每日登入即可獲得節日燈籠。把燈籠掛在王城，為全服解鎖獎勵。',
        '集齊十盞燈籠可獲得限定坐騎「月影靈狐」。祝大家節日快樂！',
      ],
      'zh-TW': [
        '元宵燈會：點亮夜空',
        '1 月 10 日至 24 日，每天登入即可獲得節慶燈籠。將燈籠掛在王城，為全伺服器解鎖獎勵。',
        '收集十盞燈籠即可獲得限定坐騎「月影靈狐」。祝大家佳節愉快！',
      ],
      'th-TH': [
        'เทศกาลโคมไฟ: จุดประกายท้องฟ้า',
        'ตั้งแต่วันที่ 10 ถึง 24 มกราคม ล็อกอินทุกวันเพื่อรับโคมไฟเทศกาล แล้วนำไปแขวนที่เมืองหลวงเพื่อปลดล็อกรางวัลให้ทั้งเซิร์ฟเวอร์',
        'สะสมโคมไฟครบสิบดวงเพื่อรับพาหนะสุดพิเศษ จิ้งจอกแสงจันทร์ สุขสันต์วันเทศกาล!',
      ],
      'ko-KR': [
        '등불 축제: 밤하늘을 밝혀라',
        '1월 10일부터 24일까지 매일 접속하면 축제 등불을 받을 수 있습니다. 왕도에 등불을 걸어 서버 전체 보상을 해금하세요.',
        '등불 10개를 모으면 한정 탈것 「달빛 여우」를 드립니다. 즐거운 축제 되세요!',
      ],
      'ja-JP': [
        'ランタン祭り：夜空を照らそう',
        '1月10日から24日まで、毎日ログインすると祭りのランタンがもらえます。王都にランタンを飾って、サーバー全体の報酬を解放しましょう。',
        'ランタンを10個集めると、限定マウント「月影の狐」を獲得できます。お祭りを楽しんでください！',
      ],
      'vi-VN': [
        'Lễ hội Đèn lồng: thắp sáng bầu trời',
        'Từ 10 đến 24/1, đăng nhập mỗi ngày để nhận đèn lồng lễ hội. Treo đèn tại kinh thành để mở khóa phần thưởng cho cả máy chủ.',
        'Thu thập đủ mười chiếc đèn lồng để nhận thú cưỡi độc quyền Hồ Ly Ánh Trăng. Chúc bạn lễ hội vui vẻ!',
      ],
      'de-DE': [
        'Laternenfest: Bring den Himmel zum Leuchten',
        'Vom 10. bis 24. Januar bekommst du für jeden Login eine Festlaterne. Häng sie in der Hauptstadt auf und schalte Belohnungen für den ganzen Server frei.',
        'Sammle zehn Laternen und sichere dir das exklusive Reittier Mondfuchs. Viel Spaß beim Fest!',
      ],
    },
  },
  {
    type: 2,
    img: '/content/cover-guild-clash.svg',
    publishedAt: '2026-01-06T12:00:00Z',
    texts: {
      'en-US': [
        'Guild Clash weekend',
        'This Saturday and Sunday, guilds battle for control of the three fortresses. Battles start at 19:00 server time each day.',
        'Every fortress held at the end of Sunday grants its guild a chest of rare materials and a golden banner for a week.',
      ],
      'zh-CN': [
        '周末公会争霸战',
        '本周六、日，各公会将争夺三座要塞的控制权，每天服务器时间 19:00 开战。',
        '周日结束时占领要塞的公会，可获得稀有材料宝箱及为期一周的金色军旗。',
      ],
      'zh-HK': [
        '週末公會爭霸戰',
        '本週六、日，各公會將爭奪三座要塞的控制權，每日伺服器時間 19:00 開戰。',
        '週日結束時佔領要塞的公會，可獲得稀有材料寶箱及為期一週的金色軍旗。',
      ],
      'zh-TW': [
        '週末公會爭霸戰',
        '本週六、日，各公會將爭奪三座要塞的控制權，每天伺服器時間 19:00 開戰。',
        '週日結束時仍占領要塞的公會，可獲得稀有材料寶箱與為期一週的金色軍旗。',
      ],
      'th-TH': [
        'ศึกกิลด์สุดสัปดาห์',
        'เสาร์และอาทิตย์นี้ กิลด์ต่าง ๆ จะชิงการควบคุมป้อมปราการทั้งสาม การต่อสู้เริ่มเวลา 19:00 น. ตามเวลาเซิร์ฟเวอร์ทุกวัน',
        'กิลด์ที่ยึดป้อมไว้ได้เมื่อสิ้นวันอาทิตย์จะได้รับหีบวัตถุดิบหายากและธงทองคำเป็นเวลาหนึ่งสัปดาห์',
      ],
      'ko-KR': [
        '주말 길드 쟁탈전',
        '이번 주 토요일과 일요일, 길드들이 세 요새의 지배권을 두고 격돌합니다. 전투는 매일 서버 시간 19:00에 시작됩니다.',
        '일요일 종료 시점에 요새를 차지한 길드에게는 희귀 재료 상자와 일주일간 황금 깃발이 주어집니다.',
      ],
      'ja-JP': [
        '週末ギルド対抗戦',
        '今週の土曜日と日曜日、ギルド同士が3つの砦の支配権をかけて戦います。戦闘は毎日サーバー時間19:00に開始します。',
        '日曜日の終了時に砦を保持しているギルドには、レア素材の宝箱と1週間掲げられる金の軍旗が贈られます。',
      ],
      'vi-VN': [
        'Công Thành Chiến cuối tuần',
        'Thứ Bảy và Chủ Nhật này, các bang hội tranh giành quyền kiểm soát ba pháo đài. Trận chiến bắt đầu lúc 19:00 giờ máy chủ mỗi ngày.',
        'Bang hội giữ được pháo đài khi kết thúc Chủ Nhật sẽ nhận rương nguyên liệu hiếm và cờ vàng trong một tuần.',
      ],
      'de-DE': [
        'Gildenschlacht am Wochenende',
        'Diesen Samstag und Sonntag kämpfen die Gilden um die drei Festungen. Die Schlachten beginnen täglich um 19:00 Uhr Serverzeit.',
        'Jede Gilde, die am Sonntagabend eine Festung hält, erhält eine Truhe mit seltenen Materialien und eine Woche lang ein goldenes Banner.',
      ],
    },
  },
  {
    type: 2,
    img: '/content/cover-new-year-bonus.svg',
    publishedAt: '2026-01-04T06:00:00Z',
    texts: {
      'en-US': [
        'New Year top-up bonus',
        'Until January 31, your first crystal top-up of the month comes with 20% extra crystals on top of the usual bonus.',
        'The extra crystals are delivered together with your purchase. The offer applies once per game account.',
      ],
      'zh-CN': [
        '新年充值加赠',
        '即日起至 1 月 31 日，每月首次充值水晶，在原有赠送之外再额外加赠 20% 水晶。',
        '加赠水晶将与所购商品一同发放，每个游戏账号限享一次。',
      ],
      'zh-HK': [
        '新年增值額外贈送',
        '由即日起至 1 月 31 日，每月首次增值水晶，除原有贈送外再額外加送 20% 水晶。',
        '加送的水晶會與所購商品一併發放，每個遊戲帳戶限享一次。',
      ],
      'zh-TW': [
        '新年儲值加碼回饋',
        '即日起至 1 月 31 日，每月首次儲值水晶，除原有贈送外再加碼贈送 20% 水晶。',
        '加碼水晶將與購買的商品一同發送，每個遊戲帳號限享一次。',
      ],
      'th-TH': [
        'โบนัสเติมเงินปีใหม่',
        'ตั้งแต่วันนี้ถึง 31 มกราคม การเติมคริสตัลครั้งแรกของเดือนจะได้รับคริสตัลเพิ่มอีก 20% นอกเหนือจากโบนัสปกติ',
        'คริสตัลพิเศษจะถูกส่งพร้อมกับรายการที่ซื้อ สิทธิ์นี้ใช้ได้หนึ่งครั้งต่อบัญชีเกม',
      ],
      'ko-KR': [
        '신년 충전 보너스',
        '1월 31일까지 이달의 첫 크리스탈 충전 시 기본 보너스에 더해 크리스탈 20%를 추가로 드립니다.',
        '추가 크리스탈은 구매 상품과 함께 지급되며, 게임 계정당 1회 적용됩니다.',
      ],
      'ja-JP': [
        'ニューイヤーチャージボーナス',
        '1月31日まで、その月の初回クリスタルチャージで通常のボーナスに加えてクリスタルを20%追加でプレゼントします。',
        '追加分のクリスタルは購入した商品と一緒に届きます。ゲームアカウントごとに1回限りです。',
      ],
      'vi-VN': [
        'Ưu đãi nạp mừng năm mới',
        'Đến hết 31/1, lần nạp pha lê đầu tiên trong tháng được tặng thêm 20% pha lê, ngoài phần thưởng thông thường.',
        'Pha lê tặng thêm được gửi cùng gói bạn mua. Mỗi tài khoản game được hưởng một lần.',
      ],
      'de-DE': [
        'Neujahrsbonus beim Aufladen',
        'Bis zum 31. Januar gibt es bei deiner ersten Kristall-Aufladung des Monats zusätzlich zum üblichen Bonus 20 % mehr Kristalle.',
        'Die Extra-Kristalle kommen zusammen mit deinem Kauf an. Das Angebot gilt einmal pro Spielkonto.',
      ],
    },
  },
  {
    type: 3,
    img: '/content/cover-sunken-temple.svg',
    publishedAt: '2026-01-12T02:00:00Z',
    texts: {
      'en-US': [
        'Version 1.2: The Sunken Temple',
        'A new dungeon rises from the sea: the Sunken Temple, for parties of four from level 40. Its guardian drops the new Tidecaller weapon set.',
        'Version 1.2 also adds a fishing mini-game and raises the level cap to 60. Update the game from your store to play.',
      ],
      'zh-CN': [
        '1.2 版本：沉没神殿',
        '全新副本「沉没神殿」自海底升起，40 级起可组成四人小队挑战，守护者将掉落全新「唤潮者」武器套装。',
        '1.2 版本同时加入钓鱼小游戏，并将等级上限提升至 60 级。请前往应用商店更新游戏。',
      ],
      'zh-HK': [
        '1.2 版本：沉沒神殿',
        '全新副本「沉沒神殿」從海底升起，40 級起可組成四人小隊挑戰，守護者會掉落全新「喚潮者」武器套裝。',
        '1.2 版本同時加入釣魚小遊戲，並將等級上限提升至 60 級。請到應用程式商店更新遊戲。',
      ],
      'zh-TW': [
        '1.2 版本：沉沒神殿',
        '全新副本「沉沒神殿」自海底升起，40 級起可組成四人隊伍挑戰，守護者將掉落全新「喚潮者」武器套裝。',
        '1.2 版本同時加入釣魚小遊戲，並將等級上限提高至 60 級。請至商店更新遊戲。',
      ],
      'th-TH': [
        'เวอร์ชัน 1.2: วิหารใต้สมุทร',
        'ดันเจียนใหม่ผุดขึ้นจากท้องทะเล วิหารใต้สมุทรสำหรับปาร์ตี้สี่คนตั้งแต่เลเวล 40 ผู้พิทักษ์จะดรอปชุดอาวุธใหม่ Tidecaller',
        'เวอร์ชัน 1.2 ยังเพิ่มมินิเกมตกปลาและขยายเลเวลสูงสุดเป็น 60 อัปเดตเกมจากสโตร์เพื่อเริ่มเล่น',
      ],
      'ko-KR': [
        '1.2 버전: 가라앉은 신전',
        '바다 밑에서 새 던전 「가라앉은 신전」이 떠올랐습니다. 40레벨부터 4인 파티로 도전할 수 있으며, 수호자가 새로운 「파도술사」 무기 세트를 드롭합니다.',
        '1.2 버전에서는 낚시 미니게임이 추가되고 최대 레벨이 60으로 상향됩니다. 스토어에서 게임을 업데이트해 주세요.',
      ],
      'ja-JP': [
        'バージョン1.2「沈んだ神殿」',
        '海の底から新ダンジョン「沈んだ神殿」が出現。レベル40以上の4人パーティで挑戦でき、守護者から新武器シリーズ「潮呼び」がドロップします。',
        'バージョン1.2では釣りミニゲームの追加とレベル上限の60への引き上げも行われます。ストアからゲームをアップデートしてください。',
      ],
      'vi-VN': [
        'Phiên bản 1.2: Thần Điện Chìm',
        'Phó bản mới trồi lên từ biển sâu: Thần Điện Chìm, dành cho tổ đội bốn người từ cấp 40. Hộ vệ sẽ rơi bộ vũ khí mới Tidecaller.',
        'Phiên bản 1.2 còn thêm mini-game câu cá và nâng giới hạn cấp lên 60. Hãy cập nhật game từ cửa hàng để trải nghiệm.',
      ],
      'de-DE': [
        'Version 1.2: Der versunkene Tempel',
        'Ein neuer Dungeon steigt aus dem Meer: der versunkene Tempel, für Vierergruppen ab Stufe 40. Sein Wächter lässt das neue Waffenset „Flutrufer“ fallen.',
        'Version 1.2 bringt außerdem ein Angel-Minispiel und hebt die Maximalstufe auf 60. Aktualisiere das Spiel über deinen Store.',
      ],
    },
  },
  {
    type: 3,
    img: '/content/cover-balance-archers-mages.svg',
    publishedAt: '2026-01-09T02:00:00Z',
    texts: {
      'en-US': [
        'Balance changes for archers and mages',
        'Archers deal 8% more damage with charged shots, and their dodge cooldown drops from 12 to 10 seconds.',
        'Mages’ Frost Nova now slows enemies for 3 seconds instead of freezing them, so it works on bosses too. Thanks for all your feedback!',
      ],
      'zh-CN': [
        '弓箭手与法师平衡性调整',
        '弓箭手的蓄力射击伤害提升 8%，闪避冷却时间由 12 秒缩短为 10 秒。',
        '法师的「冰霜新星」改为减速敌人 3 秒而非冰冻，对首领同样生效。感谢大家的反馈！',
      ],
      'zh-HK': [
        '弓箭手及法師平衡調整',
        '弓箭手的蓄力射擊傷害提升 8%，閃避冷卻時間由 12 秒縮短至 10 秒。',
        '法師的「冰霜新星」改為令敵人減速 3 秒而非冰封，對首領同樣有效。多謝大家的意見！',
      ],
      'zh-TW': [
        '弓箭手與法師平衡調整',
        '弓箭手的蓄力射擊傷害提高 8%，閃避冷卻時間由 12 秒縮短為 10 秒。',
        '法師的「冰霜新星」改為使敵人緩速 3 秒而非冰凍，對頭目同樣有效。感謝大家的回饋！',
      ],
      'th-TH': [
        'ปรับสมดุลอาชีพนักธนูและจอมเวท',
        'นักธนูสร้างความเสียหายจากการยิงชาร์จเพิ่มขึ้น 8% และคูลดาวน์การหลบหลีกลดจาก 12 เหลือ 10 วินาที',
        'สกิล Frost Nova ของจอมเวทเปลี่ยนเป็นลดความเร็วศัตรู 3 วินาทีแทนการแช่แข็ง จึงใช้กับบอสได้ด้วย ขอบคุณสำหรับทุกความคิดเห็น!',
      ],
      'ko-KR': [
        '궁수와 마법사 밸런스 조정',
        '궁수의 충전 사격 피해량이 8% 증가하고, 회피 재사용 대기시간이 12초에서 10초로 줄어듭니다.',
        '마법사의 「서리 폭발」은 적을 빙결시키는 대신 3초간 둔화시키도록 변경되어 보스에게도 적용됩니다. 소중한 의견 감사합니다!',
      ],
      'ja-JP': [
        'アーチャーとメイジのバランス調整',
        'アーチャーのチャージショットのダメージが8%上昇し、回避のクールタイムが12秒から10秒に短縮されます。',
        'メイジの「フロストノヴァ」は凍結の代わりに3秒間の減速効果となり、ボスにも有効になりました。たくさんのご意見ありがとうございます！',
      ],
      'vi-VN': [
        'Cân bằng Cung Thủ và Pháp Sư',
        'Cung Thủ gây thêm 8% sát thương với phát bắn tụ lực, thời gian hồi né tránh giảm từ 12 xuống 10 giây.',
        'Kỹ năng Frost Nova của Pháp Sư nay làm chậm kẻ địch 3 giây thay vì đóng băng, nên có tác dụng cả với boss. Cảm ơn mọi góp ý của bạn!',
      ],
      'de-DE': [
        'Balance-Änderungen für Bogenschützen und Magier',
        'Aufgeladene Schüsse der Bogenschützen verursachen 8 % mehr Schaden, und die Abklingzeit ihres Ausweichens sinkt von 12 auf 10 Sekunden.',
        'Die Frostnova der Magier verlangsamt Gegner nun 3 Sekunden lang, statt sie einzufrieren – damit wirkt sie auch gegen Bosse. Danke für euer Feedback!',
      ],
    },
  },
  {
    type: 3,
    img: '/content/cover-qol-update.svg',
    publishedAt: '2026-01-05T02:00:00Z',
    texts: {
      'en-US': [
        'Quality-of-life update: auto-battle and mail',
        'Auto-battle can now use potions when your health drops below a threshold you choose in the settings.',
        'The mailbox holds up to 200 letters, and a new “Claim all” button collects every attachment at once.',
      ],
      'zh-CN': [
        '便利性优化：自动战斗与邮件',
        '自动战斗现可在生命值低于设定阈值时自动使用药水，阈值可在设置中调整。',
        '邮箱容量提升至 200 封，并新增「一键领取」按钮，可一次领取所有附件。',
      ],
      'zh-HK': [
        '便利性優化：自動戰鬥及郵件',
        '自動戰鬥現可在生命值低於設定門檻時自動使用藥水，門檻可於設定中調整。',
        '郵箱容量提升至 200 封，並新增「一鍵領取」按鈕，可一次過領取所有附件。',
      ],
      'zh-TW': [
        '便利性優化：自動戰鬥與信件',
        '自動戰鬥現在可於生命值低於設定門檻時自動使用藥水，門檻可在設定中調整。',
        '信箱容量提高至 200 封，並新增「全部領取」按鈕，可一次領取所有附件。',
      ],
      'th-TH': [
        'อัปเดตเพื่อความสะดวก: ออโต้แบทเทิลและจดหมาย',
        'ระบบต่อสู้อัตโนมัติสามารถใช้ยาได้เองเมื่อพลังชีวิตต่ำกว่าระดับที่คุณตั้งไว้ในการตั้งค่า',
        'กล่องจดหมายเก็บได้สูงสุด 200 ฉบับ และมีปุ่ม “รับทั้งหมด” ใหม่สำหรับรับไอเทมแนบทั้งหมดในครั้งเดียว',
      ],
      'ko-KR': [
        '편의성 개선: 자동 전투와 우편',
        '이제 자동 전투 중 체력이 설정한 기준 아래로 떨어지면 물약을 자동으로 사용합니다. 기준은 설정에서 바꿀 수 있습니다.',
        '우편함은 최대 200통까지 보관되며, 새로 추가된 「모두 받기」 버튼으로 첨부 아이템을 한 번에 받을 수 있습니다.',
      ],
      'ja-JP': [
        '快適性アップデート：オートバトルとメール',
        'オートバトル中、HPが設定で選んだしきい値を下回るとポーションを自動で使うようになりました。',
        'メールボックスは最大200通まで保管でき、新しい「一括受け取り」ボタンで添付アイテムをまとめて受け取れます。',
      ],
      'vi-VN': [
        'Cập nhật tiện ích: tự động chiến đấu và thư',
        'Chế độ tự động chiến đấu giờ có thể dùng bình máu khi HP thấp hơn ngưỡng bạn chọn trong phần cài đặt.',
        'Hộp thư chứa tối đa 200 thư, kèm nút “Nhận tất cả” mới để nhận mọi vật phẩm đính kèm cùng lúc.',
      ],
      'de-DE': [
        'Komfort-Update: Autokampf und Post',
        'Der Autokampf setzt jetzt Tränke ein, sobald deine Lebenspunkte unter einen Wert fallen, den du in den Einstellungen wählst.',
        'Das Postfach fasst bis zu 200 Briefe, und mit der neuen Schaltfläche „Alle abholen“ erhältst du alle Anhänge auf einmal.',
      ],
    },
  },
  {
    type: 4,
    img: '/content/cover-beginners-guide.svg',
    publishedAt: '2026-01-11T07:00:00Z',
    texts: {
      'en-US': [
        'Beginner’s guide: your first seven days',
        'Follow the main story until level 20: it unlocks mounts, daily quests and the guild hall, and hands out most of your early gear.',
        'Spend your first crystals on bag space rather than cosmetics, and join a guild early. Guild members share buffs and help with dungeons.',
        'Finally, check the seven-day login calendar: day seven gives a purple weapon that carries you to level 40.',
      ],
      'zh-CN': [
        '新手攻略：开服七日指南',
        '20 级前请专注主线任务：它会解锁坐骑、日常任务和公会大厅，并提供大部分前期装备。',
        '首批水晶建议优先扩充背包而不是购买外观，并尽早加入公会——公会成员共享增益，还能一起刷副本。',
        '别忘了七日签到：第七天可领取紫色武器，足以让你轻松升到 40 级。',
      ],
      'zh-HK': [
        '新手攻略：開服七日指南',
        '20 級前請專心跟主線任務：它會解鎖坐騎、每日任務和公會大廳，並提供大部分前期裝備。',
        '首批水晶建議先用來擴充背包而不是買外觀，並盡早加入公會——公會成員共享增益，仲可以一齊打副本。',
        '記得留意七日簽到：第七日可領取紫色武器，足夠陪你升到 40 級。',
      ],
      'zh-TW': [
        '新手攻略：開服七日指南',
        '20 級前請專心推進主線任務：它會解鎖坐騎、每日任務與公會大廳，並提供大部分前期裝備。',
        '第一批水晶建議先拿來擴充背包而不是購買外觀，並盡早加入公會——公會成員共享增益，也能一起打副本。',
        '別忘了七日簽到：第七天可領取紫色武器，足以讓你一路升到 40 級。',
      ],
      'th-TH': [
        'คู่มือผู้เล่นใหม่: เจ็ดวันแรกของคุณ',
        'ทำเควสต์หลักไปจนถึงเลเวล 20 เพราะจะปลดล็อกพาหนะ เควสต์รายวัน และห้องโถงกิลด์ รวมถึงได้อุปกรณ์ช่วงต้นเกือบทั้งหมด',
        'ใช้คริสตัลก้อนแรกขยายกระเป๋าก่อนซื้อชุดแต่งตัว และรีบเข้ากิลด์ สมาชิกกิลด์ได้รับบัฟร่วมกันและช่วยกันลงดันเจียน',
        'อย่าลืมปฏิทินล็อกอินเจ็ดวัน วันที่เจ็ดจะได้อาวุธระดับสีม่วงที่ใช้ได้ยาวถึงเลเวล 40',
      ],
      'ko-KR': [
        '초보자 가이드: 첫 7일 공략',
        '20레벨까지는 메인 스토리를 따라가세요. 탈것, 일일 퀘스트, 길드 홀이 열리고 초반 장비 대부분을 얻을 수 있습니다.',
        '첫 크리스탈은 외형보다 가방 확장에 쓰고, 길드에는 빨리 가입하세요. 길드원은 버프를 공유하고 던전도 함께 돕습니다.',
        '7일 출석 달력도 잊지 마세요. 7일째에 받는 보라색 무기 하나로 40레벨까지 충분합니다.',
      ],
      'ja-JP': [
        '初心者ガイド：最初の7日間',
        'レベル20まではメインストーリーを進めましょう。マウント、デイリークエスト、ギルドホールが解放され、序盤の装備もほとんど手に入ります。',
        '最初のクリスタルは見た目アイテムよりバッグ拡張に使い、早めにギルドへ加入しましょう。ギルドメンバーはバフを共有し、ダンジョンも手伝ってくれます。',
        '7日間ログインボーナスもお忘れなく。7日目にもらえる紫武器でレベル40まで戦えます。',
      ],
      'vi-VN': [
        'Cẩm nang tân thủ: bảy ngày đầu tiên',
        'Hãy theo cốt truyện chính đến cấp 20: bạn sẽ mở khóa thú cưỡi, nhiệm vụ hằng ngày, đại sảnh bang hội và nhận phần lớn trang bị đầu game.',
        'Nên dùng pha lê đầu tiên để mở rộng túi đồ thay vì mua trang phục, và vào bang hội càng sớm càng tốt. Thành viên bang được chia sẻ buff và hỗ trợ nhau đi phó bản.',
        'Đừng quên lịch đăng nhập bảy ngày: ngày thứ bảy tặng vũ khí tím đủ dùng đến cấp 40.',
      ],
      'de-DE': [
        'Einsteigerguide: deine ersten sieben Tage',
        'Folge bis Stufe 20 der Hauptgeschichte: Sie schaltet Reittiere, Tagesquests und die Gildenhalle frei und liefert den Großteil deiner frühen Ausrüstung.',
        'Investiere deine ersten Kristalle lieber in Taschenplätze als in Kosmetik und tritt früh einer Gilde bei. Gildenmitglieder teilen Buffs und helfen in Dungeons.',
        'Schau auch in den Sieben-Tage-Login-Kalender: Am siebten Tag gibt es eine lila Waffe, die dich bis Stufe 40 trägt.',
      ],
    },
  },
  {
    type: 4,
    img: '/content/cover-ember-dragon.svg',
    publishedAt: '2026-01-07T07:00:00Z',
    texts: {
      'en-US': [
        'How to defeat the Ember Dragon',
        'The Ember Dragon breathes fire in a cone every 20 seconds. Watch for the glow in its throat and step behind its wings.',
        'At half health it summons whelps: mages should slow them with Frost Nova while archers focus the dragon. Bring fire resistance potions.',
      ],
      'zh-CN': [
        '如何击败「余烬巨龙」',
        '「余烬巨龙」每 20 秒会向前方扇形喷火。留意它喉咙发光的瞬间，及时躲到它的翅膀后方。',
        '血量降到一半时会召唤幼龙：法师用「冰霜新星」减速幼龙，弓箭手集中攻击巨龙。记得带上火焰抗性药水。',
      ],
      'zh-HK': [
        '點樣擊敗「餘燼巨龍」',
        '「餘燼巨龍」每 20 秒會向前方扇形噴火。留意牠喉嚨發光的一刻，立即走到牠翼後方。',
        '血量跌至一半時會召喚幼龍：法師用「冰霜新星」減慢幼龍，弓箭手集中攻擊巨龍。記得帶備火焰抗性藥水。',
      ],
      'zh-TW': [
        '如何擊敗「餘燼巨龍」',
        '「餘燼巨龍」每 20 秒會朝前方扇形噴火。注意牠喉嚨發光的瞬間，迅速躲到牠的翅膀後方。',
        '血量降到一半時會召喚幼龍：法師以「冰霜新星」緩速幼龍，弓箭手集中攻擊巨龍。記得攜帶火焰抗性藥水。',
      ],
      'th-TH': [
        'วิธีปราบมังกรเพลิง Ember',
        'มังกรเพลิงจะพ่นไฟเป็นรูปกรวยทุก 20 วินาที สังเกตแสงที่ลำคอแล้วรีบหลบไปหลังปีกของมัน',
        'เมื่อเลือดเหลือครึ่ง มันจะเรียกลูกมังกรออกมา ให้จอมเวทใช้ Frost Nova ลดความเร็วลูกมังกร ส่วนนักธนูโฟกัสมังกรตัวหลัก อย่าลืมพกยาต้านทานไฟ',
      ],
      'ko-KR': [
        '잿불 드래곤 공략',
        '잿불 드래곤은 20초마다 전방 부채꼴로 화염을 내뿜습니다. 목이 빛나는 순간을 보고 날개 뒤로 피하세요.',
        '체력이 절반이 되면 새끼 용을 소환합니다. 마법사는 「서리 폭발」로 새끼 용을 둔화시키고, 궁수는 드래곤에 집중하세요. 화염 저항 물약을 꼭 챙기세요.',
      ],
      'ja-JP': [
        '「残り火のドラゴン」攻略',
        '残り火のドラゴンは20秒ごとに前方へ扇状のブレスを吐きます。喉が光ったら、翼の後ろへ回り込みましょう。',
        'HPが半分になると子竜を呼び出します。メイジは「フロストノヴァ」で子竜を減速させ、アーチャーはドラゴンに集中攻撃を。火炎耐性ポーションを忘れずに。',
      ],
      'vi-VN': [
        'Cách đánh bại Rồng Tàn Lửa',
        'Rồng Tàn Lửa phun lửa hình nón mỗi 20 giây. Để ý cổ họng nó phát sáng rồi lập tức lùi ra sau cánh.',
        'Khi còn một nửa máu, nó triệu hồi rồng con: Pháp Sư dùng Frost Nova làm chậm chúng, còn Cung Thủ tập trung vào rồng chính. Nhớ mang bình kháng lửa.',
      ],
      'de-DE': [
        'So besiegst du den Glutdrachen',
        'Der Glutdrache speit alle 20 Sekunden einen Feuerkegel. Achte auf das Glühen in seiner Kehle und stell dich hinter seine Flügel.',
        'Bei halber Lebensenergie ruft er Jungdrachen: Magier verlangsamen sie mit der Frostnova, Bogenschützen konzentrieren sich auf den Drachen. Nimm Feuerresistenztränke mit.',
      ],
    },
  },
  {
    type: 4,
    img: '/content/cover-choosing-guild.svg',
    publishedAt: '2026-01-03T07:00:00Z',
    texts: {
      'en-US': [
        'Choosing your first guild',
        'Look at a guild’s activity before its size: a small guild that runs dungeons every evening will help you more than a large, quiet one.',
        'Check the guild level too. From level 5 a guild unlocks its shop, where you can trade contribution points for upgrade stones.',
      ],
      'zh-CN': [
        '如何选择你的第一个公会',
        '选公会先看活跃度再看人数：每晚都组队刷副本的小公会，比人多却冷清的大公会更能帮到你。',
        '也要留意公会等级。公会达到 5 级后会开放公会商店，可用贡献点兑换强化石。',
      ],
      'zh-HK': [
        '點樣揀你的第一個公會',
        '揀公會先睇活躍度再睇人數：每晚都組隊打副本的細公會，比人多但冷清的大公會更幫到你。',
        '亦要留意公會等級。公會達到 5 級後會開放公會商店，可用貢獻點換取強化石。',
      ],
      'zh-TW': [
        '如何挑選你的第一個公會',
        '挑公會先看活躍度再看人數：每晚都組隊打副本的小公會，會比人多卻冷清的大公會更能幫上忙。',
        '也要注意公會等級。公會達到 5 級後會開放公會商店，可用貢獻點數兌換強化石。',
      ],
      'th-TH': [
        'เลือกกิลด์แรกอย่างไรดี',
        'ดูความเคลื่อนไหวของกิลด์ก่อนดูจำนวนสมาชิก กิลด์เล็กที่ลงดันเจียนทุกเย็นจะช่วยคุณได้มากกว่ากิลด์ใหญ่ที่เงียบเหงา',
        'ดูเลเวลกิลด์ด้วย ตั้งแต่เลเวล 5 กิลด์จะเปิดร้านค้าที่ใช้แต้มผลงานแลกหินอัปเกรดได้',
      ],
      'ko-KR': [
        '첫 길드 고르는 법',
        '길드는 인원보다 활동량을 먼저 보세요. 매일 저녁 던전을 도는 작은 길드가 크지만 조용한 길드보다 훨씬 도움이 됩니다.',
        '길드 레벨도 확인하세요. 5레벨부터 길드 상점이 열려 기여 포인트로 강화석을 교환할 수 있습니다.',
      ],
      'ja-JP': [
        '最初のギルドの選び方',
        'ギルドは人数より活動量で選びましょう。毎晩ダンジョンに行く小さなギルドのほうが、大きくても静かなギルドより頼りになります。',
        'ギルドレベルも要チェック。レベル5になるとギルドショップが開き、貢献ポイントを強化石と交換できます。',
      ],
      'vi-VN': [
        'Chọn bang hội đầu tiên',
        'Hãy xem mức độ hoạt động trước khi xem quân số: một bang nhỏ đi phó bản mỗi tối sẽ giúp bạn nhiều hơn một bang đông mà im ắng.',
        'Cũng nên xem cấp bang. Từ cấp 5, bang hội mở cửa hàng, nơi bạn đổi điểm cống hiến lấy đá cường hóa.',
      ],
      'de-DE': [
        'Die richtige erste Gilde finden',
        'Achte zuerst auf die Aktivität, dann auf die Größe: Eine kleine Gilde, die jeden Abend Dungeons läuft, hilft dir mehr als eine große, stille.',
        'Sieh dir auch die Gildenstufe an. Ab Stufe 5 öffnet der Gildenladen, in dem du Beitragspunkte gegen Verbesserungssteine tauschst.',
      ],
    },
  },
];
