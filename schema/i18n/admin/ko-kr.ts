/** Strings of the admin console itself, Korean. */
import type { AdminCatalog } from './zh-cn';

const koKr: AdminCatalog = {
  admin: {
    titles: { admin_index: '관리 홈', sign_in: '로그인', sign_up: '회원가입', sign_forget: '비밀번호 찾기', not_found: '페이지를 찾을 수 없습니다' },
    not_found: { title: '페이지를 찾을 수 없습니다', text: '찾으시는 페이지가 삭제되었거나 이름이 바뀌었거나 일시적으로 사용할 수 없습니다.', home: '홈으로' },
    no_access: { title: '이 페이지를 볼 권한이 없습니다', text: '권한 그룹이 이 페이지를 허용하지 않습니다.', none: '권한 그룹이 아직 어떤 페이지도 허용하지 않습니다. 관리자에게 문의하세요.', open_first: '볼 수 있는 페이지 열기' },
    copy: { button: '복사', done: '복사했습니다', unsupported: '이 브라우저는 복사를 지원하지 않습니다', failed: '복사하지 못했습니다' },
    a11y: { menu: '주 메뉴', page_progress: '페이지 로딩 진행률' },
    buttons: {
      add: '추가', edit: '편집', remove: '휴지통으로 이동', restore: '복원', destroy: '영구 삭제', clear: '휴지통 비우기',
      export: '내보내기', refresh: '새로고침', all: '전체', trash: '휴지통', filters: '필터', settings: '표 설정',
    },
    list: { keyword: '키워드', any: '전체', auto_search: '자동 검색', actions: '작업', date_placeholder: '연-월-일', pick_date: '날짜 선택', range_from: '%{field} (부터)', range_to: '%{field} (까지)' },
    settings: {
      title: '표 설정', views: '보기', sort: '정렬', config: '설정', sort_field: '정렬 기준',
      pin_left: '왼쪽', pin_none: '없음', pin_right: '오른쪽', reset: '기본값으로',
      move_up: '%{name} 위로 이동', move_down: '%{name} 아래로 이동', pin_of: '%{name} 고정 위치',
      date_simple: '간단히(날짜와 분)', date_detailed: '자세히(날짜와 초)', date_ymd: '연-월-일',
    },
    confirm: {
      title: '이 작업은 되돌릴 수 없습니다', destroy: '선택한 %{smart_count}개 기록을 영구 삭제하시겠습니까? 복구할 수 없습니다.',
      clear: '휴지통을 비우시겠습니까? 안의 기록이 영구 삭제됩니다.', yes: '후회 안 해요', no: '다시 생각할게요',
    },
    notify: { created: '추가했습니다', saved: '저장했습니다', removed: '휴지통으로 이동했습니다', restored: '복원했습니다', destroyed: '영구 삭제했습니다', cleared: '휴지통을 비웠습니다' },
    form: { create_title: '%{name} 추가', edit_title: '%{name} 편집', password_keep: '비워 두면 비밀번호가 바뀌지 않습니다' },
    prompt: { invalid: '입력한 데이터가 올바르지 않습니다' },
    upload: { button: '업로드', success: '업로드했습니다', failed: '업로드 실패', error: '업로드 오류', none: '첨부 파일 없음', progress: '업로드 진행률' },
    pay_link: {
      title: '주문이 생성되었습니다', content: '결제 링크를 결제자에게 보내세요:', copy: '결제 링크 복사', later: '나중에',
      copied: '결제 링크를 복사했습니다', copy_failed: '복사 실패',
    },
    sign: {
      fields: { social: '휴대폰 번호 또는 이메일', account: '계정', password: '비밀번호', AgainPassword: '비밀번호 확인', code: '인증 코드', invite: '초대 코드(선택)' },
      by_password: '비밀번호로 로그인', by_code: '인증 코드로 로그인', submit_sign_in: '로그인', submit_sign_up: '가입',
      send_code: '코드 보내기', resend_in: '%{seconds}초 후 재전송', code_sent: '인증 코드를 보냈습니다', reset_done: '비밀번호를 재설정했습니다',
      need_account: '계정을 입력하세요', need_password: '비밀번호를 입력하세요', need_social: '휴대폰 번호 또는 이메일을 입력하세요', need_code: '인증 코드를 입력하세요',
      need_again: '비밀번호를 다시 입력하세요', passwords_differ: '비밀번호가 일치하지 않습니다', password_short: '비밀번호는 8자 이상이어야 합니다',
      need_social_or_account: '휴대폰/이메일 또는 계정 중 하나를 입력하세요',
      need_invite: '초대 코드를 입력하세요', invite_required: '초대 코드', code_only: '이 사이트는 휴대폰 또는 이메일로 받은 코드로 로그인합니다',
      sign_up_closed: '회원가입을 받지 않습니다', sign_up_closed_text: '지금은 새 계정을 받지 않습니다. 이미 계정이 있다면 로그인하세요.',
    },
    screens: {
      invite: { generate: '코드 생성', count: '생성 개수', count_hint: '1~%{max}개, 길이와 형식은 가입 설정을 따릅니다' },
      settings: {
        tabs: { security: '보안', services: '사이트, SMS, 캐시 및 스토리지' },
        clear_cache: '캐시 지우기',
        rows: {
          SYSTEM_SAFETY_API: {
            _: 'API 보안',
            key: 'API 키 (비워 두면 자동 생성)',
            sign: '요청 서명',
            paging: { _: '페이지', enable: '페이지당 행 수 제한', limit: '페이지당 최대 행 수' },
            qps: {
              _: '요청 빈도',
              block: { _: '차단', enable: '반복 위반 클라이언트 차단', count: '차단까지 위반 횟수', second: '집계 및 차단 기간(초)' },
              limit: { _: '속도 제한', enable: '속도 제한 사용', global: '초당 요청 수(API 전체)', point: '초당 요청 수(경로별)' },
            },
          },
          SAFETY_SMS: {
            _: 'SMS 보안',
            brush: {
              _: '도배 방지',
              enable: '사용',
              plan: { _: '대응', mode: '대응 방식', second: '차단 또는 블랙리스트 기간(초)' },
              rule: { _: '규칙', strategy: '집계 방식', second: '집계 기간(초)', count: '기간 내 최대 요청 수' },
            },
            burst: {
              _: '급증 방지',
              enable: '사용',
              plan: { _: '대응', mode: '대응 방식', second: '차단 또는 블랙리스트 기간(초)' },
              rule: { _: '규칙', strategy: '집계 방식', second: '집계 기간(초)', count: '기간 내 최대 요청 수' },
            },
          },
          SIGN_IN_UP: {
            _: '로그인 및 가입',
            sign_in: { _: '로그인', unique: '사용자당 세션 1개(로그인 시 다른 세션 종료)', strategy: '로그인 방식' },
            sign_up: {
              _: '가입',
              allow: '가입 허용',
              invite: { _: '초대 코드', mode: '초대 모드', length: '코드 길이', format: '코드 형식' },
              auth_group_ids: '신규 사용자 기본 권한 그룹',
            },
          },
          SITE_INFO: {
            _: '사이트 정보',
            title: '사이트 제목',
            date: '개설일',
            avatar: '사이트 로고',
            favicon: '파비콘',
            keyword: '키워드(| 로 구분)',
            describe: '요약',
            description: '설명(검색 엔진용)',
            copy: { _: 'ICP 등록', code: 'ICP 등록 번호', link: '조회 링크' },
            police: { _: '공안 등록', code: '공안 등록 번호', link: '조회 링크' },
          },
        },
      },
      test: {
        title: '테스트 페이지',
        comment: '댓글',
        placeholder: '무엇이든 적어 보세요…',
        counter: '%{count} / %{max}',
        menu: '더 보기',
        favourite: '즐겨찾기에 추가',
        unfavourite: '즐겨찾기에서 제거',
        favourited: '즐겨찾기됨',
        favourite_added: '즐겨찾기에 추가했습니다', favourite_removed: '즐겨찾기에서 삭제했습니다',
      },
      'auth-group': {
        up: '위로 이동', down: '아래로 이동', presets: '프리셋으로 만들기', all_rules: '모든 권한이 있으므로 규칙을 고를 필요가 없습니다',
        expand: '%{name} 펼치기', collapse: '%{name} 접기', member_search: '닉네임, 휴대폰 번호 또는 이메일로 검색', no_users: '일치하는 사용자가 없습니다',
      },
      'receive-money': { no_channel: '이 통화에는 결제 수단이 없습니다' },
      users: { status_saved: '사용자 상태가 변경되었습니다', avatar_preview: '아바타 미리보기' },
      logs: {
        details: '상세', title: '작업 기록 상세', user: '사용자', guest: '방문자(로그인 안 함)', os: '운영체제', browser: '브라우저', time: '시간', unknown: '알 수 없음',
        codes: { 200: '성공', 201: '생성됨', 204: '데이터 없음', 400: '오류', 401: '인증 필요', 403: '접근 금지' },
      },
      'auth-rules': { open_api: 'API 문서' },
    },
  },
};
export default koKr;
