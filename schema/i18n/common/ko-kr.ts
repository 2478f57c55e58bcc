/** Shared labels, ko-kr. Keys mirror zh-cn.ts (enforced by `CommonCatalog`). */
import type { CommonCatalog } from './zh-cn';

const system = { id: 'ID', owner: '소유자', createTime: '생성 시간', updateTime: '수정 시간', deleteTime: '삭제 시간', serial: '정렬 순서', lock: '잠금' };
const row = { id: system.id, uid: system.owner, createTime: system.createTime, updateTime: system.updateTime };
const trashed = { ...row, deleteTime: system.deleteTime };

const koKr: CommonCatalog = {
  resources: {
    users: {
      name: '사용자',
      fields: {
        ...trashed, nickname: '닉네임', account: '계정', phone: '휴대폰 번호', email: '이메일', password: '비밀번호',
        status: '상태', gender: '성별', source: '가입 경로', avatar: '프로필 사진', describe: '자기소개', remark: '메모',
        signInIp: '로그인 IP', signUpIp: '가입 IP', signInTime: '최근 로그인', mfa: '2단계 인증', mfaSecret: '2단계 인증 키', mfaRecovery: '복구 코드',
      },
    },
    'receive-money': {
      name: '결제 내역',
      fields: {
        channel: '결제 제공자', openExceptions: '처리 대기 예외', exception: '예외', exceptionAmount: '예외 금액', exceptionCurrency: '예외 통화', refundedAmount: '환불된 금액', checkoutId: '체크아웃 세션', checkoutUrl: '체크아웃 링크', checkoutExpires: '체크아웃 만료', lookedUpTime: '마지막 조회 시간', paidAmount: '결제 금액', paidTime: '결제 시간', channelTradeNo: '결제사 거래 번호', expireTime: '만료 시간', notifyUrl: '콜백 URL',
        ...trashed, tradeNo: '주문 번호', outTradeNo: '가맹점 주문 번호', mchId: '가맹점 ID', productId: '상품 ID',
        title: '상품명', describe: '설명', amount: '금액', currency: '통화', payType: '결제 수단',
        status: '결제 상태', payUrl: '결제 링크', returnUrl: '상점 복귀 링크', files: '첨부 파일', remark: '메모',
      },
    },
    'auth-group': {
      name: '권한 그룹',
      fields: {
        ...trashed, name: '그룹 이름', no: '그룹 번호', manage: '다른 사람 데이터 관리', all: '모든 권한', mfa: '2단계 인증 필수',
        rules: 'API 규칙', uids: '구성원', remark: '메모', lock: '잠금', serial: '순서',
      },
    },
    'auth-rules': {
      name: 'API 규칙',
      fields: {
        ...row, hash: '해시', group: '그룹', name: '이름', method: '메서드', route: '경로',
        type: '유형', remark: '메모', lock: '잠금',
      },
    },
    logs: {
      name: '작업 기록',
      fields: {
        ...trashed, title: '제목', scene: '작업 유형', method: '메서드', api: 'API', code: '상태 코드',
        content: '내용', bindId: '관련 ID', bindType: '관련 유형', ip: 'IP 주소', agent: '클라이언트', params: '요청 매개변수',
      },
    },
    config: { name: '시스템 설정', fields: { ...row, key: '키', value: '값', remark: '메모' } },
    article: {
      name: '게시글',
      fields: {
        ...trashed, title: '제목', abstract: '요약', content: '본문', covers: '표지', tags: '태그',
        views: '조회수', top: '상단 고정', audit: '승인됨',
      },
    },
    tags: { name: '태그', fields: { ...trashed, name: '이름', avatar: '아이콘', describe: '설명' } },
    comment: {
      name: '댓글',
      fields: {
        ...trashed, pid: '상위 댓글', bindType: '댓글 대상 유형', bindId: '댓글 대상 ID', content: '내용',
        nickname: '닉네임', email: '이메일', url: '웹사이트', ip: 'IP 주소', agent: '클라이언트', audit: '승인됨',
      },
    },
    banner: {
      name: '배너',
      fields: { ...trashed, title: '제목', image: '이미지', url: '링크', describe: '설명', serial: '순서' },
    },
    links: {
      name: '추천 사이트',
      fields: { ...trashed, nickname: '사이트 이름', url: '웹사이트', avatar: '아이콘', describe: '설명', serial: '순서' },
    },
    pages: {
      name: '페이지',
      fields: { ...trashed, key: '페이지 키', title: '제목', content: '본문', audit: '승인됨' },
    },
    placard: {
      name: '공지',
      fields: {
        ...trashed, title: '제목', type: '유형', content: '내용', top: '상단 고정',
        startTime: '게시 시작', endTime: '게시 종료',
      },
    },
    level: { name: '등급', fields: { ...trashed, name: '이름', value: '필요 경험치', describe: '설명' } },
    'order-events': {
      name: '주문 이벤트',
      fields: {
        ...row, orderId: '주문 ID', tradeNo: '주문 번호', fromStatus: '이전 상태', toStatus: '새 상태', source: '출처',
        actor: '실행자', reference: '결제사 거래 번호', amount: '금액', currency: '통화', reason: '사유', exception: '예외', refundId: '환불 ID', digest: '알림 다이제스트',
      },
    },
    'pay-notifications': {
      name: '결제 알림',
      fields: {
        ...row, dedupeKey: '중복 제거 키', channel: '채널', notificationId: '알림 ID', orderId: '주문 ID', tradeNo: '주문 번호',
        outcome: '처리 결과', reason: '사유', amount: '금액', currency: '통화', digest: '알림 다이제스트',
      },
    },
    callbacks: {
      name: '가맹점 콜백',
      fields: {
        ...row, orderId: '주문 ID', eventId: '이벤트 ID', tradeNo: '주문 번호', messageId: '메시지 ID', url: '콜백 URL',
        payload: '내용', state: '전달 상태', tries: '시도 횟수', attempts: '전달 기록', lastCode: '최근 상태 코드',
        nextTime: '다음 시도', leaseUntil: '임대 만료', leaseOwner: '임대 보유자', deliveredTime: '전달 시간',
      },
    },
    'order-exceptions': {
      name: '주문 예외',
      fields: {
        ...row, orderId: '주문 ID', tradeNo: '주문 번호', kind: '예외', amount: '받은 금액', currency: '통화', reference: '결제사 거래 번호', state: '상태', reason: '사유', resolvedBy: '처리자', resolvedTime: '처리 시간', refundId: '환불 ID',
      },
    },
    refunds: {
      name: '환불',
      fields: {
        ...row, orderId: '주문 ID', tradeNo: '주문 번호', channel: '결제 제공자', amount: '환불 금액', currency: '통화', state: '상태',
        reason: '사유', exception: '대상 예외', reference: '제공자 환불 번호', idempotencyKey: '멱등 키', failure: '실패 사유', actor: '실행자',
      },
    },
    'idempotency-keys': {
      name: '멱등 키',
      fields: { ...row, dedupeKey: '키', digest: '요청 다이제스트', status: '상태 코드', response: '응답', expireTime: '만료 시간' },
    },
    'callback-secrets': {
      name: '콜백 서명 비밀 키',
      fields: { ...row, merchant: '가맹점', prefix: '비밀 키 앞부분', secret: '비밀 키', previous: '이전 비밀 키', previousUntil: '이전 비밀 키 종료' },
    },
    views: { name: '저장된 보기', fields: { ...row, name: '이름', resource: '목록', state: '보기 내용', group: '공유 그룹' } },
    'api-keys': {
      name: 'API 키',
      fields: {
        ...row, name: '이름', prefix: '키 앞부분', hash: '키 다이제스트', expireTime: '만료 시간', lastUsedTime: '마지막 사용',
        revokedTime: '폐기 시간', rules: '권한',
      },
    },
    invite: {
      name: '초대 코드',
      fields: {
        ...trashed, code: '초대 코드', usedBy: '사용자', usedTime: '사용 시간', expireTime: '만료 시간', remark: '메모',
      },
    },
  },
  options: {
    status: { normal: '정상', banned: '정지', pending: '결제 대기', completed: '결제 완료', failed: '결제 실패', expired: '만료됨', refunded: '환불됨', closed: '종료됨', partially_refunded: '부분 환불' },
    refundState: { pending: '처리 중', succeeded: '환불됨', failed: '환불 실패' },
    exception: { _empty: '없음', paid_late: '기한 후 결제', underpaid: '부족 결제', overpaid: '초과 결제', wrong_currency: '통화 불일치' },
    exceptionState: { open: '처리 대기', accepted: '수락됨', refunded: '환불됨' },
    eventSource: { notify: '결제 알림', expiry: '기한 만료', operator: '운영자', lookup: '제공자 조회', refund: '환불' },
    revisionAction: { create: '생성', update: '수정', remove: '휴지통으로 이동', restore: '휴지통에서 복원', delete: '영구 삭제', payment: '결제 처리', settings: '설정 저장' },
    outcome: { applied: '적용됨', flagged: '예외로 기록됨', finished: '이미 종료된 주문', rejected: '거부됨' },
    state: { pending: '전달 대기', delivered: '전달됨', failed: '전달 실패', gone: '가맹점이 거부' },
    gender: { unknown: '비공개', boy: '남성', girl: '여성' },
    source: { default: '기본', install: '설치 시 생성', qq: 'QQ', phone: '휴대폰', email: '이메일' },
    ruleType: { default: '그룹으로 부여', common: '공개', login: '로그인 필요' },
    method: { GET: 'GET 조회', POST: 'POST 생성', PUT: 'PUT 수정', PATCH: 'PATCH 부분 수정', DELETE: 'DELETE 삭제' },
    scene: {
      import: '가져오기', 'update-many': '일괄 수정', _empty: '기타', 'sign-in': '로그인', 'sign-up': '회원가입', 'check-token': '토큰 확인', take: '보기', find: '찾기',
      rows: '목록', rand: '무작위 조회', sort: '순서 변경', save: '저장', create: '생성', update: '수정', export: '내보내기',
      remove: '휴지통으로 이동', restore: '복원', delete: '영구 삭제', clear: '휴지통 비우기',
    },
    payType: {
      _empty: '지정 안 함', grabpay: 'GrabPay', wechat: '위챗페이', alipay: '알리페이', card: '은행 카드', atm: 'ATM 이체', paynow: 'PayNow',
      fpx: 'FPX 인터넷 뱅킹', promptpay: 'PromptPay', qris: 'QRIS 결제', va: '가상 계좌',
    },
    currency: {
      _empty: '—', USD: '미국 달러', EUR: '유로', JPY: '일본 엔', GBP: '영국 파운드', AUD: '호주 달러', CAD: '캐나다 달러',
      CHF: '스위스 프랑', CNY: '중국 위안', HKD: '홍콩 달러', NZD: '뉴질랜드 달러', KRW: '대한민국 원',
      SGD: '싱가포르 달러', NOK: '노르웨이 크로네', MXN: '멕시코 페소', INR: '인도 루피', RUB: '러시아 루블',
      ZAR: '남아프리카 랜드', TRY: '튀르키예 리라', BRL: '브라질 헤알', TWD: '신 대만 달러', DKK: '덴마크 크로네',
      PLN: '폴란드 즐로티', THB: '태국 바트', IDR: '인도네시아 루피아', HUF: '헝가리 포린트', CZK: '체코 코루나',
      ILS: '이스라엘 신 셰켈', CLP: '칠레 페소', PHP: '필리핀 페소', AED: '아랍에미리트 디르함',
      COP: '콜롬비아 페소', SAR: '사우디 리얄', MYR: '말레이시아 링깃', RON: '루마니아 레우',
    },
    bindType: { article: '게시글', pages: '페이지' },
    type: { info: '안내', warning: '주의', success: '좋은 소식' },
    inviteMode: { close: '끄기 (코드 불필요)', open: '열기 (코드 선택)', force: '필수 (코드 필요)' },
    inviteFormat: { number: '숫자만', letter: '영문만', mix: '영문과 숫자' },
    smsMode: { intercept: '요청 차단', 'force-black': 'IP 블랙리스트 등록' },
    smsStrategy: { loose: '느슨함 (IP + 휴대폰 + API)', moderate: '보통 (IP + 휴대폰)', strict: '엄격 (휴대폰)' },
    signInStrategy: {
      loose: '느슨함 (계정 + 비밀번호, 인증 코드 없음)', strict: '엄격 (휴대폰 또는 이메일 + 인증 코드)',
    },
  },
  validation: {
    report_date: '날짜를 YYYY-MM-DD 형식으로 입력하세요',
    report_period: '종료일은 시작일보다 앞설 수 없습니다',
    refund_amount: '환불 금액은 0보다 크고 %{left} %{currency} 이하여야 합니다',
    refund_over: '환불 합계는 결제 금액을 넘을 수 없습니다. 남은 금액은 최대 %{left} %{currency}입니다',
    required: '필수 항목입니다',
    min_length: '%{min}자 이상 입력하세요',
    max_length: '%{max}자 이하로 입력하세요',
    pattern: '형식이 올바르지 않습니다',
    min_value: '%{min} 이상이어야 합니다',
    between: '%{min}에서 %{max} 사이여야 합니다',
    max_value: '%{max} 이하여야 합니다',
    decimals: '소수점 이하 자릿수가 너무 많습니다',
    currency_decimals: "%{currency} 금액은 소수점 이하 %{digits}자리까지입니다",
    string: '텍스트를 입력하세요',
    integer: '정수를 입력하세요',
    choice: '선택 항목 중에서 고르세요',
    json: '올바른 JSON을 입력하세요',
    json_too_large: 'JSON이 너무 크거나 너무 깊게 중첩되었습니다(최대 %{kb}KB, %{depth}단계)',
    ids: 'ID 목록 형식이 올바르지 않습니다',
    ids_missing: '존재하지 않는 ID: %{ids}',
    ref_unknown: '%{key}이(가) "%{value}"인 행이 없습니다',
    import_status: '가져오는 주문의 상태는 대기, 완료, 실패, 만료 중 하나여야 합니다',
    import_paid: '완료된 주문에는 결제 금액과 시간이 필요하며, 다른 주문에는 없어야 합니다',
    not_bulk: '이 필드는 일괄 수정할 수 없습니다',
    image_url: '이미지 주소는 http://, https://, // 또는 /로 시작해야 합니다',
    url: '올바른 링크를 입력하세요',
    unknown_field: '알 수 없는 항목',
    invalid_type: '값의 형식이 올바르지 않습니다',
    invalid_id: 'ID가 올바르지 않습니다',
    account_length: '계정은 4~32자여야 합니다',
    account_pattern: '계정은 영문과 숫자만 사용할 수 있습니다',
    phone: '올바른 휴대폰 번호를 입력하세요',
    email: '올바른 이메일 주소를 입력하세요',
    password_length: '비밀번호는 6~32자여야 합니다',
    avatar: '이게 정말 프로필 사진 주소라고 생각하세요?',
    group_name_required: '권한 그룹 이름을 정하지 않으면 어떻게 구분하나요?',
    title_required: '제목을 입력하세요',
    port: '포트는 1~65535 사이여야 합니다',
    host: '올바른 호스트를 입력하세요',
    domain: '도메인은 http:// 또는 https://로 시작하고 /로 끝나면 안 됩니다',
    directory: '올바른 디렉터리 경로를 입력하세요',
    input_invalid: '입력 데이터가 올바르지 않습니다',
    expire_window: '만료 시간은 생성 후 3일을 넘을 수 없습니다',
    expire_past: '만료 시간은 현재 이후여야 합니다',
    key_rules: '권한은 ["POST api/receive-money/create"] 같은 목록이어야 합니다',
    key_rules_empty: '권한을 하나 이상 고르거나, 제한하지 않으려면 지정하지 마세요',
    key_rules_unknown: '그런 권한이 없습니다: %{rules}',
    key_rules_not_held: '본인에게 없는 권한은 키에 줄 수 없습니다: %{rules}',
    key_rules_or_preset: '권한과 프리셋 중 하나만 지정하세요',
    reason_required: '사유를 입력하세요',
    webhook_secret: '비밀 키는 whsec_ 로 시작하고 base64 문자가 이어져야 합니다',
    rest_id: '본문의 id는 URL의 id(%{id})와 같아야 합니다',
    channel_not_ready: '먼저 결제 설정에서 이 채널의 키를 입력하세요',
    currency_not_taken: '%{channel}은(는) %{currency}을(를) 받지 않습니다',
    whole_units: '이 채널은 %{currency}를 정수 금액으로만 받습니다',
    time_zone: '알 수 없는 시간대입니다',
    period_date: '올바른 날짜(YYYY-MM-DD)를 입력하세요',
    period_order: '종료일은 시작일보다 앞설 수 없습니다',
    period_too_long: '기간은 최대 %{days}일입니다',
    not_your_group: '내가 속한 그룹과만 공유할 수 있습니다',
    view_state: '보기 내용이 올바르지 않습니다: 필터, 열, 정렬, 페이지 크기를 담습니다',
    view_state_param: '보기의 "%{name}"은(는) 이 목록에서 쓸 수 있는 필터나 정렬이 아닙니다',
    view_list: '"%{name}" 목록이 없습니다',
  },
  actions: {
    settlement: '정산 보고서',
    figures: '개요 수치',
    'mfa-sign-in': '2단계 인증 로그인', 'mfa-setup': '2단계 인증 설정 시작', 'mfa-enable': '2단계 인증 켜기', 'mfa-reset': '2단계 인증 초기화',
    roll: '콜백 비밀 키 만들기/교체', 'end-overlap': '이전 비밀 키 중지', refund: '환불', resolve: '예외 처리', test: '테스트 콜백 보내기', generate: '코드 생성',
    'mark-paid': '결제 완료로 표시', 'mark-failed': '결제 실패로 표시', close: '주문 닫기', resend: '콜백 재전송', revoke: '폐기',
    rules: '키 권한 제한', choices: '키에 줄 수 있는 권한',
    checkout: '결제 시작', check: '결제 결과 확인', providers: '결제 제공자', webhooks: '최근 웹훅',
    take: '보기', find: '찾기', rows: '목록', rand: '무작위 조회', export: '내보내기', create: '생성', save: '저장',
    update: '수정', sort: '순서 변경', restore: '복원', remove: '휴지통으로 이동', delete: '영구 삭제',
    clear: '휴지통 비우기', flat: '간단 목록', briefly: '요약 정보', tree: '규칙 트리', 'group-names': '그룹 이름',
    preset: '기본 제공 그룹', 'sign-in': '로그인', 'sign-code': '인증 코드 로그인', 'sign-up': '회원가입',
    'reset-password': '비밀번호 재설정', 'check-token': '토큰 확인', 'sign-out': '로그아웃', init: '초기화',
    mine: '내 권한', upload: '파일 업로드', toml: '설정 조회', toml_update: '설정 수정', cache_clear: '캐시 비우기', blocked: '차단된 클라이언트', unblock: '차단 해제', groups: '공유할 수 있는 그룹',
    docs: 'API 문서', docs_json: 'API 문서 (JSON)',
    import: '가져오기', 'update-many': '일괄 수정', 'rest-list': '목록 (simple-rest)', 'rest-one': '보기 (simple-rest)', 'rest-create': '생성 (simple-rest)', 'rest-update': '수정 (simple-rest)', 'rest-patch': '부분 수정 (simple-rest)', 'rest-delete': '삭제 (simple-rest)',
  },
  ruleGroups: { 'rate-limits': '요청 빈도 제한', dashboard: '개요', comm: '계정', file: '파일', cache: '캐시', toml: '설정', docs: 'API 문서' },
  /** A system column's label by its kind, for tables whose labels sit in their schema (schema/i18n/inline). */
  system,
  menu: { users: '사용자', flow: '결제', safety: '보안 및 알림', settings: '시스템 설정', content: '콘텐츠' },
  presets: {
    super_admin: { name: '최고 관리자', remark: '모든 권한을 가지며 모든 사람의 데이터를 관리합니다' },
    operator_all: {
      name: '운영자 (전체 데이터)',
      remark: '모든 사람의 데이터를 조회, 생성, 수정하고 휴지통으로 옮길 수 있으며, 개별 영구 삭제는 할 수 없습니다',
    },
    operator_own: { name: '운영자 (본인 데이터)', remark: '본인이 만든 주문만 관리하고 첨부 파일을 업로드할 수 있습니다' },
    auditor: { name: '감사자', remark: '읽기 전용: 모든 사람의 데이터를 조회하고 내보낼 수 있습니다' },
  },
};

export default koKr;
