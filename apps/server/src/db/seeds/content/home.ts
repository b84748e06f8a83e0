// Demo home page of the demo game (docs/product/content.md#home, docs/product/content.md#home-configuration): banner, download links, footer
// paths and the Game Info / Game Features blocks in all nine docs/product/languages.md languages.
// Texts are [title, paragraph, ...]; demo-content.ts turns them into HTML.
import type { Language } from '@hc/contract';
import type { HomeConfig } from '../../../modules/content/content.repository';
import type { ArticleText } from './articles';

export const demoHomeConfig: HomeConfig = {
  cgi: '/content/banner.svg',
  // Placeholder store links: the demo game is not published anywhere.
  downloads: {
    android: 'https://play.example.com/store/apps/details?id=com.example.demogame',
    pc: 'https://download.example.com/demo-game/DemoGameSetup.exe',
    ios: null,
  },
  footer: {
    about: '/main/page/about',
    contact: '/main/page/contact',
    privacy: '/main/page/privacy',
    agreement: '/main/page/agreement',
  },
};

export interface DemoBlock {
  kind: 'info' | 'feature';
  img: string | null;
  texts: Record<Language, ArticleText>;
}

export const demoBlocks: readonly DemoBlock[] = [
  {
    kind: 'info',
    img: '/content/info-realms.svg',
    texts: {
      'en-US': [
        'The Three Realms',
        'Ember, Dawn and Tide were once one kingdom, until the dragons returned. Gather allies, explore the realms and decide who rules the new dawn.',
      ],
      'zh-CN': [
        '三界',
        '「余烬」「黎明」「潮汐」本是同一王国，直到巨龙归来。召集伙伴、探索三界，决定谁将统治新的黎明。',
      ],
      'zh-HK': [
        '三界',
        '「餘燼」「黎明」「潮汐」本屬同一王國，直至巨龍歸來。召集同伴、探索三界，決定誰能統治新的黎明。',
      ],
      'zh-TW': [
        '三界',
        '「餘燼」「黎明」「潮汐」原是同一個王國，直到巨龍歸來。召集夥伴、探索三界，決定誰將統治新的黎明。',
      ],
      'th-TH': [
        'สามอาณาจักร',
        'Ember, Dawn และ Tide เคยเป็นอาณาจักรเดียวกันจนกระทั่งเหล่ามังกรหวนกลับมา รวบรวมพันธมิตร สำรวจดินแดน และตัดสินว่าใครจะครองรุ่งอรุณใหม่',
      ],
      'ko-KR': [
        '세 왕국',
        'Ember, Dawn, Tide는 드래곤이 돌아오기 전까지 하나의 왕국이었습니다. 동료를 모으고 세 왕국을 탐험해 새로운 새벽의 주인을 정하세요.',
      ],
      'ja-JP': [
        '三つの王国',
        'Ember、Dawn、Tide はドラゴンが戻ってくるまでひとつの王国でした。仲間を集めて三つの地を冒険し、新たな夜明けを治める者を決めましょう。',
      ],
      'vi-VN': [
        'Tam Giới',
        'Ember, Dawn và Tide từng là một vương quốc, cho đến khi loài rồng trở lại. Tập hợp đồng minh, khám phá ba vùng đất và quyết định ai sẽ cai trị bình minh mới.',
      ],
      'de-DE': [
        'Die drei Reiche',
        'Ember, Dawn und Tide waren einst ein Königreich – bis die Drachen zurückkehrten. Sammle Verbündete, erkunde die Reiche und entscheide, wer über die neue Morgenröte herrscht.',
      ],
    },
  },
  {
    kind: 'info',
    img: '/content/info-classes.svg',
    texts: {
      'en-US': [
        'Three classes',
        'Play as a sturdy Warrior, a nimble Archer or a Mage who bends the elements. Switch your talents at any time outside battle.',
      ],
      'zh-CN': [
        '三大职业',
        '可选择坚韧的战士、灵巧的弓箭手，或操控元素的法师。非战斗状态下可随时切换天赋。',
      ],
      'zh-HK': [
        '三大職業',
        '可選擇堅毅的戰士、靈巧的弓箭手，或操控元素的法師。非戰鬥狀態下可隨時切換天賦。',
      ],
      'zh-TW': [
        '三大職業',
        '可選擇堅毅的戰士、敏捷的弓箭手，或操控元素的法師。非戰鬥狀態下可隨時切換天賦。',
      ],
      'th-TH': [
        'สามอาชีพ',
        'เลือกเล่นเป็นนักรบผู้แข็งแกร่ง นักธนูผู้ว่องไว หรือจอมเวทผู้ควบคุมธาตุ เปลี่ยนทาเลนต์ได้ทุกเมื่อนอกการต่อสู้',
      ],
      'ko-KR': [
        '세 가지 직업',
        '든든한 전사, 날렵한 궁수, 원소를 다루는 마법사 중 하나를 골라 플레이하세요. 전투 중이 아니라면 언제든 특성을 바꿀 수 있습니다.',
      ],
      'ja-JP': [
        '3つのクラス',
        'タフなウォリアー、身軽なアーチャー、元素を操るメイジから選べます。戦闘外ならいつでもタレントを切り替えられます。',
      ],
      'vi-VN': [
        'Ba lớp nhân vật',
        'Hóa thân thành Chiến Binh vững chãi, Cung Thủ nhanh nhẹn hoặc Pháp Sư điều khiển nguyên tố. Có thể đổi thiên phú bất cứ lúc nào ngoài trận chiến.',
      ],
      'de-DE': [
        'Drei Klassen',
        'Spiele als zäher Krieger, flinker Bogenschütze oder Magier, der die Elemente beherrscht. Talente kannst du außerhalb von Kämpfen jederzeit wechseln.',
      ],
    },
  },
  {
    kind: 'info',
    img: '/content/info-platforms.svg',
    texts: {
      'en-US': [
        'Play on Android and PC',
        'One account, one progress: start on your phone and continue on your computer. Top-ups made on this portal arrive on both.',
      ],
      'zh-CN': [
        'Android 与 PC 双端互通',
        '一个账号、同一进度：在手机上开始，在电脑上继续。在本门户充值的内容两端均可使用。',
      ],
      'zh-HK': [
        'Android 及 PC 雙平台互通',
        '一個帳戶、同一進度：在手機開始，在電腦繼續。於本網站增值的內容兩邊都可使用。',
      ],
      'zh-TW': [
        'Android 與 PC 跨平台',
        '一個帳號、同一進度：在手機上開始，在電腦上繼續。在本網站儲值的內容兩端皆可使用。',
      ],
      'th-TH': [
        'เล่นได้ทั้ง Android และ PC',
        'บัญชีเดียว ความคืบหน้าเดียว เริ่มเล่นบนมือถือแล้วเล่นต่อบนคอมพิวเตอร์ได้ ยอดเติมเงินผ่านพอร์ทัลนี้ใช้ได้ทั้งสองแพลตฟอร์ม',
      ],
      'ko-KR': [
        'Android와 PC에서 플레이',
        '하나의 계정, 하나의 진행 상황. 휴대폰에서 시작해 컴퓨터에서 이어서 즐기세요. 이 포털에서 충전한 내용은 양쪽 모두에 지급됩니다.',
      ],
      'ja-JP': [
        'Android と PC に対応',
        'ひとつのアカウントで進行状況を共有。スマホで始めて、PC で続きを遊べます。このポータルでのチャージはどちらにも反映されます。',
      ],
      'vi-VN': [
        'Chơi trên Android và PC',
        'Một tài khoản, một tiến trình: bắt đầu trên điện thoại và chơi tiếp trên máy tính. Gói nạp tại cổng này dùng được trên cả hai.',
      ],
      'de-DE': [
        'Auf Android und PC spielen',
        'Ein Konto, ein Spielstand: Fang auf dem Handy an und spiel am Computer weiter. Aufladungen über dieses Portal kommen auf beiden an.',
      ],
    },
  },
  {
    kind: 'feature',
    img: '/content/feature-world.svg',
    texts: {
      'en-US': [
        'An open world above the clouds',
        'Glide between floating islands, discover hidden shrines and fish in the Sunken Sea. Every island hides a story.',
      ],
      'zh-CN': [
        '云端之上的开放世界',
        '在浮空岛屿之间滑翔，探索隐藏的神龛，在沉没之海垂钓。每座岛屿都藏着一段故事。',
      ],
      'zh-HK': [
        '雲端之上的開放世界',
        '在浮空島嶼之間滑翔，發掘隱藏的神龕，在沉沒之海垂釣。每個島嶼都藏著一段故事。',
      ],
      'zh-TW': [
        '雲端之上的開放世界',
        '在浮空島嶼間滑翔，探索隱藏的神龕，在沉沒之海釣魚。每座島嶼都藏著一段故事。',
      ],
      'th-TH': [
        'โลกเปิดเหนือหมู่เมฆ',
        'ร่อนไปมาระหว่างเกาะลอยฟ้า ค้นหาศาลเจ้าลับ และตกปลาในทะเลจมหาย ทุกเกาะล้วนซ่อนเรื่องราวไว้',
      ],
      'ko-KR': [
        '구름 위의 오픈 월드',
        '떠다니는 섬 사이를 활공하고, 숨겨진 신전을 찾고, 가라앉은 바다에서 낚시를 즐기세요. 모든 섬에는 이야기가 숨어 있습니다.',
      ],
      'ja-JP': [
        '雲の上のオープンワールド',
        '浮遊島のあいだを滑空し、隠された祠を見つけ、沈んだ海で釣りを楽しもう。どの島にも物語が眠っています。',
      ],
      'vi-VN': [
        'Thế giới mở trên mây',
        'Lượn giữa các hòn đảo bay, khám phá đền thờ ẩn giấu và câu cá ở Biển Chìm. Mỗi hòn đảo đều cất giữ một câu chuyện.',
      ],
      'de-DE': [
        'Eine offene Welt über den Wolken',
        'Gleite zwischen schwebenden Inseln, entdecke verborgene Schreine und angle im Versunkenen Meer. Jede Insel erzählt eine Geschichte.',
      ],
    },
  },
  {
    kind: 'feature',
    img: '/content/feature-heroes.svg',
    texts: {
      'en-US': [
        'Fast, skill-based combat',
        'Dodge, parry and chain your skills in real time. Bosses read your moves, so timing matters more than gear.',
      ],
      'zh-CN': [
        '爽快的技巧型战斗',
        '实时闪避、格挡并串联技能。首领会预判你的动作，时机比装备更重要。',
      ],
      'zh-HK': [
        '爽快的技巧型戰鬥',
        '即時閃避、格擋並串連技能。首領會預判你的動作，時機比裝備更重要。',
      ],
      'zh-TW': [
        '爽快的技巧型戰鬥',
        '即時閃避、格擋並串連技能。頭目會預判你的動作，時機比裝備更關鍵。',
      ],
      'th-TH': [
        'การต่อสู้ที่รวดเร็ว วัดกันที่ฝีมือ',
        'หลบ ปัดป้อง และต่อสกิลแบบเรียลไทม์ บอสอ่านทางการเคลื่อนไหวของคุณ จังหวะจึงสำคัญกว่าอุปกรณ์',
      ],
      'ko-KR': [
        '빠르고 손맛 있는 전투',
        '실시간으로 회피하고 막고 스킬을 연계하세요. 보스가 당신의 움직임을 읽기 때문에 장비보다 타이밍이 중요합니다.',
      ],
      'ja-JP': [
        'スピーディーな技量重視のバトル',
        'リアルタイムで回避、パリィ、スキルのコンボを決めよう。ボスは動きを読んでくるので、装備よりタイミングがものを言います。',
      ],
      'vi-VN': [
        'Chiến đấu nhanh, đề cao kỹ năng',
        'Né, đỡ đòn và nối chuỗi kỹ năng theo thời gian thực. Boss đọc được chiêu thức của bạn, nên thời điểm quan trọng hơn trang bị.',
      ],
      'de-DE': [
        'Schnelle, skillbasierte Kämpfe',
        'Weiche aus, pariere und verkette Fähigkeiten in Echtzeit. Bosse lesen deine Bewegungen – Timing zählt mehr als Ausrüstung.',
      ],
    },
  },
  {
    kind: 'feature',
    img: '/content/feature-guilds.svg',
    texts: {
      'en-US': [
        'Guilds and fortress wars',
        'Found a guild with friends, raise its banner and fight for the three fortresses every weekend.',
      ],
      'zh-CN': ['公会与要塞战', '与好友创建公会，升起你们的军旗，每周末争夺三座要塞。'],
      'zh-HK': ['公會與要塞戰', '與好友建立公會，升起你們的軍旗，每個週末爭奪三座要塞。'],
      'zh-TW': ['公會與要塞戰', '和好友創立公會，升起你們的軍旗，每週末爭奪三座要塞。'],
      'th-TH': ['กิลด์และสงครามป้อมปราการ', 'ตั้งกิลด์กับเพื่อน ๆ ชูธงของคุณ แล้วร่วมชิงป้อมปราการทั้งสามทุกสุดสัปดาห์'],
      'ko-KR': [
        '길드와 요새 전쟁',
        '친구들과 길드를 세우고 깃발을 올려, 매주 주말 세 요새를 차지하기 위해 싸우세요.',
      ],
      'ja-JP': ['ギルドと砦戦', '仲間とギルドを結成して旗を掲げ、毎週末3つの砦をめぐって戦おう。'],
      'vi-VN': [
        'Bang hội và chiến tranh pháo đài',
        'Lập bang hội cùng bạn bè, giương cao cờ hiệu và tranh đoạt ba pháo đài mỗi cuối tuần.',
      ],
      'de-DE': [
        'Gilden und Festungskriege',
        'Gründe mit Freunden eine Gilde, hisst euer Banner und kämpft jedes Wochenende um die drei Festungen.',
      ],
    },
  },
];
