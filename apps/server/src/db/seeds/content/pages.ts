// The four footer pages of docs/product/content.md#footer-pages (About Us, Contact us, Privacy Policy, User Agreement) in all
// nine docs/product/languages.md languages. Texts are [title, paragraph, ...]; paragraphs may hold inline HTML
// (links), which the repository sanitises when it stores them.
import type { Language, SitePageSlug } from '@hc/contract';
import type { ArticleText } from './articles';

const MAIL = '<a href="mailto:support@example.com">support@example.com</a>';

export const demoPages: Record<SitePageSlug, Record<Language, ArticleText>> = {
  about: {
    'en-US': [
      'About Us',
      'HC Portal is the official web portal of Demo Game. Here you top up crystals and HC Point, read news and events, and redeem gift codes for your characters.',
      'We are a small team of players who build games for players. Our goal is simple: fair play, clear prices and fast help when something goes wrong.',
    ],
    'zh-CN': [
      '关于我们',
      'HC Portal 是 Demo Game 的官方网站。你可以在这里充值水晶和 HC 点数、查看新闻与活动，并为角色兑换礼包码。',
      '我们是一支由玩家组成的小团队，为玩家制作游戏。我们的目标很简单：公平游戏、价格透明，遇到问题时及时帮助你。',
    ],
    'zh-HK': [
      '關於我們',
      'HC Portal 是 Demo Game 的官方網站。你可以在這裡增值水晶及 HC 點數、查看新聞與活動，並為角色兌換禮包碼。',
      '我們是一支由玩家組成的小團隊，為玩家製作遊戲。我們的目標很簡單：公平遊戲、價錢清晰，遇到問題時盡快幫你解決。',
    ],
    'zh-TW': [
      '關於我們',
      'HC Portal 是 Demo Game 的官方網站。你可以在這裡儲值水晶與 HC 點數、查看新聞與活動，並為角色兌換序號。',
      '我們是一支由玩家組成的小團隊，為玩家打造遊戲。我們的目標很簡單：公平遊戲、價格透明，遇到問題時即時協助你。',
    ],
    'th-TH': [
      'เกี่ยวกับเรา',
      'HC Portal คือเว็บไซต์ทางการของ Demo Game ที่นี่คุณสามารถเติมคริสตัลและ HC Point อ่านข่าวและกิจกรรม และแลกโค้ดของขวัญให้ตัวละครของคุณ',
      'เราเป็นทีมเล็ก ๆ ที่รักการเล่นเกมและสร้างเกมเพื่อผู้เล่น เป้าหมายของเราเรียบง่าย: เล่นอย่างยุติธรรม ราคาชัดเจน และช่วยเหลืออย่างรวดเร็วเมื่อเกิดปัญหา',
    ],
    'ko-KR': [
      '회사 소개',
      'HC Portal은 Demo Game의 공식 웹 포털입니다. 이곳에서 크리스탈과 HC 포인트를 충전하고, 소식과 이벤트를 확인하고, 캐릭터용 쿠폰을 사용할 수 있습니다.',
      '저희는 게이머를 위해 게임을 만드는 작은 팀입니다. 목표는 간단합니다. 공정한 플레이, 명확한 가격, 그리고 문제가 생겼을 때 빠른 도움입니다.',
    ],
    'ja-JP': [
      '私たちについて',
      'HC Portal は Demo Game の公式ウェブポータルです。クリスタルや HC ポイントのチャージ、ニュースやイベントの確認、キャラクターへのギフトコード引き換えができます。',
      '私たちはプレイヤーのためにゲームを作る小さなチームです。目指すのは、公平なプレイ、わかりやすい価格、そして困ったときの素早いサポートです。',
    ],
    'vi-VN': [
      'Về chúng tôi',
      'HC Portal là cổng thông tin chính thức của Demo Game. Tại đây bạn có thể nạp pha lê và HC Point, đọc tin tức, sự kiện và đổi giftcode cho nhân vật.',
      'Chúng tôi là một nhóm nhỏ gồm những người mê game, làm game cho người chơi. Mục tiêu rất đơn giản: chơi công bằng, giá rõ ràng và hỗ trợ nhanh khi có sự cố.',
    ],
    'de-DE': [
      'Über uns',
      'HC Portal ist das offizielle Webportal von Demo Game. Hier laden Sie Kristalle und HC Point auf, lesen Neuigkeiten und Events und lösen Geschenkcodes für Ihre Charaktere ein.',
      'Wir sind ein kleines Team von Spielern, das Spiele für Spieler macht. Unser Ziel ist einfach: faires Spiel, klare Preise und schnelle Hilfe, wenn etwas schiefgeht.',
    ],
  },
  contact: {
    'en-US': [
      'Contact us',
      `Email our support team at ${MAIL} or use the customer support link in the Help menu. Please include your account name, server and role name.`,
      'We answer Monday to Friday, 09:00–18:00 UTC, usually within two working days. For payment questions, add your order number.',
    ],
    'zh-CN': [
      '联系我们',
      `请发送邮件至 ${MAIL}，或通过「帮助」菜单中的客服链接联系我们。请附上你的账号、服务器和角色名。`,
      '客服时间为周一至周五 09:00–18:00（UTC），通常会在两个工作日内回复。如咨询支付问题，请附上订单号。',
    ],
    'zh-HK': [
      '聯絡我們',
      `請電郵至 ${MAIL}，或透過「幫助」選單中的客服連結聯絡我們。請附上你的帳戶名稱、伺服器及角色名稱。`,
      '客服時間為星期一至五 09:00–18:00（UTC），一般會在兩個工作天內回覆。如查詢付款問題，請附上訂單編號。',
    ],
    'zh-TW': [
      '聯絡我們',
      `請寄信至 ${MAIL}，或透過「說明」選單中的客服連結與我們聯繫。請附上你的帳號、伺服器與角色名稱。`,
      '客服時間為週一至週五 09:00–18:00（UTC），通常會在兩個工作天內回覆。若有付款相關問題，請附上訂單編號。',
    ],
    'th-TH': [
      'ติดต่อเรา',
      `ส่งอีเมลถึงทีมงานที่ ${MAIL} หรือใช้ลิงก์ฝ่ายบริการลูกค้าในเมนูช่วยเหลือ โปรดระบุชื่อบัญชี เซิร์ฟเวอร์ และชื่อตัวละครของคุณ`,
      'เราตอบกลับวันจันทร์ถึงศุกร์ เวลา 09:00–18:00 น. (UTC) โดยปกติภายในสองวันทำการ หากเป็นเรื่องการชำระเงิน โปรดแนบหมายเลขคำสั่งซื้อ',
    ],
    'ko-KR': [
      '문의하기',
      `${MAIL}로 메일을 보내거나 도움말 메뉴의 고객센터 링크를 이용해 주세요. 계정명, 서버, 캐릭터명을 함께 적어 주세요.`,
      '월요일부터 금요일 09:00~18:00(UTC)에 답변하며, 보통 영업일 기준 2일 이내에 회신합니다. 결제 문의는 주문 번호를 함께 보내 주세요.',
    ],
    'ja-JP': [
      'お問い合わせ',
      `${MAIL} までメールいただくか、ヘルプメニューのカスタマーサポートをご利用ください。アカウント名、サーバー、キャラクター名を添えてください。`,
      '受付は月曜～金曜 09:00～18:00（UTC）で、通常2営業日以内にご返信します。お支払いに関するお問い合わせは注文番号もお知らせください。',
    ],
    'vi-VN': [
      'Liên hệ',
      `Gửi email tới ${MAIL} hoặc dùng liên kết chăm sóc khách hàng trong menu Trợ giúp. Vui lòng ghi rõ tên tài khoản, máy chủ và tên nhân vật.`,
      'Chúng tôi làm việc từ thứ Hai đến thứ Sáu, 09:00–18:00 (UTC), thường phản hồi trong hai ngày làm việc. Với vấn đề thanh toán, hãy kèm mã đơn hàng.',
    ],
    'de-DE': [
      'Kontakt',
      `Schreiben Sie unserem Support an ${MAIL} oder nutzen Sie den Kundensupport-Link im Hilfe-Menü. Geben Sie bitte Ihren Kontonamen, Server und Charakternamen an.`,
      'Wir antworten montags bis freitags von 09:00 bis 18:00 Uhr (UTC), meist innerhalb von zwei Werktagen. Bei Fragen zu Zahlungen nennen Sie bitte die Bestellnummer.',
    ],
  },
  privacy: {
    'en-US': [
      'Privacy Policy',
      'We collect what the service needs: your account name, email or phone number, your game account and characters, and your orders. Card and PayPal details are handled by the payment provider, never stored by us.',
      'We use this data to sign you in, deliver purchases, answer support requests and prevent fraud. We do not sell personal data.',
      `You may ask for a copy of your data or its deletion at any time: write to ${MAIL}.`,
    ],
    'zh-CN': [
      '隐私政策',
      '我们只收集服务所需的信息：账号名、邮箱或手机号、游戏账号与角色，以及订单记录。银行卡与 PayPal 信息由支付服务商处理，我们不会保存。',
      '这些信息用于登录、发放购买内容、处理客服请求和防范欺诈。我们不会出售个人信息。',
      `你可以随时申请获取或删除你的个人信息，请发送邮件至 ${MAIL}。`,
    ],
    'zh-HK': [
      '私隱政策',
      '我們只收集服務所需的資料：帳戶名稱、電郵或電話號碼、遊戲帳戶與角色，以及訂單記錄。信用卡及 PayPal 資料由付款服務供應商處理，我們不會儲存。',
      '這些資料用於登入、發放購買內容、處理客服查詢及防止欺詐。我們不會出售個人資料。',
      `你可隨時要求索取或刪除你的個人資料，請電郵至 ${MAIL}。`,
    ],
    'zh-TW': [
      '隱私權政策',
      '我們只蒐集服務所需的資料：帳號名稱、電子郵件或手機號碼、遊戲帳號與角色，以及訂單紀錄。信用卡與 PayPal 資料由金流服務商處理，我們不會保存。',
      '這些資料用於登入、發送購買內容、處理客服需求與防範詐騙。我們不會販售個人資料。',
      `你可以隨時申請取得或刪除你的個人資料，請寄信至 ${MAIL}。`,
    ],
    'th-TH': [
      'นโยบายความเป็นส่วนตัว',
      'เราเก็บเฉพาะข้อมูลที่บริการจำเป็นต้องใช้ ได้แก่ ชื่อบัญชี อีเมลหรือเบอร์โทรศัพท์ บัญชีเกมและตัวละคร และประวัติคำสั่งซื้อ ข้อมูลบัตรและ PayPal ดำเนินการโดยผู้ให้บริการชำระเงิน เราไม่จัดเก็บไว้',
      'เราใช้ข้อมูลเหล่านี้เพื่อเข้าสู่ระบบ ส่งมอบสินค้าที่ซื้อ ตอบคำถามฝ่ายบริการลูกค้า และป้องกันการฉ้อโกง เราไม่ขายข้อมูลส่วนบุคคล',
      `คุณขอสำเนาหรือขอลบข้อมูลของคุณได้ทุกเมื่อ โดยส่งอีเมลถึง ${MAIL}`,
    ],
    'ko-KR': [
      '개인정보 처리방침',
      '서비스에 필요한 정보만 수집합니다. 계정명, 이메일 또는 휴대폰 번호, 게임 계정과 캐릭터, 주문 내역입니다. 카드 및 PayPal 정보는 결제 대행사가 처리하며 저희는 저장하지 않습니다.',
      '이 정보는 로그인, 구매 상품 지급, 고객 문의 응대, 부정 거래 방지에 사용됩니다. 개인정보를 판매하지 않습니다.',
      `언제든지 개인정보 열람이나 삭제를 요청할 수 있습니다. ${MAIL}로 연락해 주세요.`,
    ],
    'ja-JP': [
      'プライバシーポリシー',
      '収集するのはサービスに必要な情報のみです。アカウント名、メールアドレスまたは電話番号、ゲームアカウントとキャラクター、注文履歴です。カードや PayPal の情報は決済代行会社が扱い、当社では保存しません。',
      'これらの情報はログイン、購入アイテムのお届け、サポート対応、不正防止のために利用します。個人情報を販売することはありません。',
      `ご自身のデータの開示や削除はいつでもご依頼いただけます。${MAIL} までご連絡ください。`,
    ],
    'vi-VN': [
      'Chính sách quyền riêng tư',
      'Chúng tôi chỉ thu thập những gì dịch vụ cần: tên tài khoản, email hoặc số điện thoại, tài khoản game và nhân vật, cùng lịch sử đơn hàng. Thông tin thẻ và PayPal do nhà cung cấp thanh toán xử lý, chúng tôi không lưu trữ.',
      'Dữ liệu này dùng để đăng nhập, giao vật phẩm đã mua, trả lời yêu cầu hỗ trợ và phòng chống gian lận. Chúng tôi không bán dữ liệu cá nhân.',
      `Bạn có thể yêu cầu nhận bản sao hoặc xóa dữ liệu bất cứ lúc nào: hãy viết cho ${MAIL}.`,
    ],
    'de-DE': [
      'Datenschutzerklärung',
      'Wir erheben nur, was der Dienst braucht: Kontoname, E-Mail-Adresse oder Telefonnummer, Spielkonto und Charaktere sowie Ihre Bestellungen. Karten- und PayPal-Daten verarbeitet der Zahlungsanbieter; wir speichern sie nicht.',
      'Wir nutzen diese Daten für die Anmeldung, die Lieferung von Käufen, Supportanfragen und die Betrugsabwehr. Personenbezogene Daten verkaufen wir nicht.',
      `Sie können jederzeit Auskunft über Ihre Daten oder deren Löschung verlangen: Schreiben Sie an ${MAIL}.`,
    ],
  },
  agreement: {
    'en-US': [
      'User Agreement',
      'By using HC Portal you accept these terms. Keep your password to yourself: you are responsible for what happens on your account.',
      'Crystals, HC Point and packs are digital items delivered to the character you choose. Check the server and role before paying; refunds follow our refund policy and the law of your country.',
      'Cheating, trading accounts or abusing bugs can lead to suspension. We may update these terms and will announce changes on this site.',
    ],
    'zh-CN': [
      '用户协议',
      '使用 HC Portal 即表示你同意本协议。请妥善保管密码，你需对账号下的一切行为负责。',
      '水晶、HC 点数和礼包均为虚拟物品，将发放至你选择的角色。付款前请确认服务器与角色；退款依照我们的退款政策及你所在地区的法律处理。',
      '作弊、买卖账号或利用漏洞可能导致封号。我们可能更新本协议，变更将在本站公告。',
    ],
    'zh-HK': [
      '用戶協議',
      '使用 HC Portal 即表示你同意本協議。請妥善保管密碼，你須對帳戶下的一切行為負責。',
      '水晶、HC 點數及禮包均為虛擬物品，會發放至你選擇的角色。付款前請確認伺服器及角色；退款按我們的退款政策及你所在地區的法律處理。',
      '作弊、買賣帳戶或利用漏洞可能導致帳戶被停用。我們或會更新本協議，變更會在本網站公佈。',
    ],
    'zh-TW': [
      '使用者條款',
      '使用 HC Portal 即表示你同意本條款。請妥善保管密碼，你須對帳號內的所有行為負責。',
      '水晶、HC 點數與禮包皆為虛擬物品，將發送至你選擇的角色。付款前請確認伺服器與角色；退款依我們的退款政策及你所在地區的法律辦理。',
      '作弊、買賣帳號或利用漏洞可能導致停權。我們可能更新本條款，變更將於本網站公告。',
    ],
    'th-TH': [
      'ข้อตกลงผู้ใช้',
      'การใช้ HC Portal ถือว่าคุณยอมรับข้อตกลงนี้ โปรดเก็บรหัสผ่านไว้เป็นความลับ คุณต้องรับผิดชอบทุกสิ่งที่เกิดขึ้นในบัญชีของคุณ',
      'คริสตัล HC Point และแพ็กต่าง ๆ เป็นไอเทมดิจิทัลที่ส่งให้ตัวละครที่คุณเลือก โปรดตรวจสอบเซิร์ฟเวอร์และตัวละครก่อนชำระเงิน การคืนเงินเป็นไปตามนโยบายของเราและกฎหมายในประเทศของคุณ',
      'การโกง ซื้อขายบัญชี หรือใช้ประโยชน์จากบั๊กอาจทำให้ถูกระงับบัญชี เราอาจปรับปรุงข้อตกลงนี้และจะประกาศการเปลี่ยนแปลงบนเว็บไซต์นี้',
    ],
    'ko-KR': [
      '이용약관',
      'HC Portal을 이용하면 본 약관에 동의한 것으로 간주됩니다. 비밀번호는 본인만 알고 있어야 하며, 계정에서 일어나는 일은 본인에게 책임이 있습니다.',
      '크리스탈, HC 포인트, 패키지는 선택한 캐릭터에게 지급되는 디지털 아이템입니다. 결제 전 서버와 캐릭터를 확인해 주세요. 환불은 당사 환불 정책과 거주 국가의 법률에 따릅니다.',
      '부정행위, 계정 거래, 버그 악용은 이용 정지로 이어질 수 있습니다. 약관이 변경되면 이 사이트에 공지합니다.',
    ],
    'ja-JP': [
      '利用規約',
      'HC Portal をご利用いただくことで、本規約に同意したものとみなします。パスワードは他人に教えないでください。アカウントで行われた行為はご本人の責任となります。',
      'クリスタル、HC ポイント、パックは、選択したキャラクターに届くデジタルアイテムです。お支払い前にサーバーとキャラクターをご確認ください。返金は当社の返金ポリシーとお住まいの国の法律に従います。',
      '不正行為、アカウントの売買、バグの悪用は利用停止の対象となる場合があります。本規約を変更する際は本サイトでお知らせします。',
    ],
    'vi-VN': [
      'Thỏa thuận người dùng',
      'Khi sử dụng HC Portal, bạn đồng ý với các điều khoản này. Hãy giữ kín mật khẩu: bạn chịu trách nhiệm về mọi hoạt động trên tài khoản của mình.',
      'Pha lê, HC Point và các gói là vật phẩm số được gửi tới nhân vật bạn chọn. Hãy kiểm tra máy chủ và nhân vật trước khi thanh toán; việc hoàn tiền theo chính sách hoàn tiền của chúng tôi và pháp luật nước bạn.',
      'Gian lận, mua bán tài khoản hoặc lợi dụng lỗi có thể bị khóa tài khoản. Chúng tôi có thể cập nhật điều khoản và sẽ thông báo trên trang này.',
    ],
    'de-DE': [
      'Nutzungsbedingungen',
      'Mit der Nutzung von HC Portal akzeptieren Sie diese Bedingungen. Geben Sie Ihr Passwort nicht weiter: Sie sind für alles verantwortlich, was mit Ihrem Konto geschieht.',
      'Kristalle, HC Point und Pakete sind digitale Güter, die an den gewählten Charakter geliefert werden. Prüfen Sie Server und Charakter vor dem Bezahlen; Erstattungen richten sich nach unserer Erstattungsrichtlinie und dem Recht Ihres Landes.',
      'Cheaten, Kontohandel oder das Ausnutzen von Fehlern können zur Sperrung führen. Änderungen dieser Bedingungen kündigen wir auf dieser Seite an.',
    ],
  },
};
