/** react-admin's own strings in Korean (no published catalog for react-admin 5). */
const koKr = {
  ra: {
    action: {
      add_filter: '필터 추가', add: '추가', back: '뒤로', bulk_actions: '%{smart_count}개 선택됨', cancel: '취소',
      clear_array_input: '목록 비우기', clear_input_value: '지우기', clone: '복제', confirm: '확인', create: '새로 만들기',
      create_item: '%{item} 만들기', delete: '삭제', edit: '편집', export: '내보내기', list: '목록', refresh: '새로고침',
      remove_filter: '이 필터 제거', remove_all_filters: '모든 필터 제거', remove: '제거', reset: '초기화', save: '저장',
      search: '검색', search_columns: '열 검색', select_all: '모두 선택', select_all_button: '모두 선택', select_row: '이 행 선택',
      show: '보기', sort: '정렬', undo: '실행 취소', unselect: '선택 해제', expand: '펼치기', close: '닫기', open_menu: '메뉴 열기',
      close_menu: '메뉴 닫기', update: '업데이트', move_up: '위로', move_down: '아래로', open: '열기', toggle_theme: '라이트/다크 전환',
      select_columns: '열', update_application: '앱 다시 불러오기',
    },
    boolean: { true: '예', false: '아니요', null: ' ' },
    page: {
      create: '%{name} 만들기', dashboard: '대시보드', edit: '%{name} %{recordRepresentation}', error: '문제가 발생했습니다', list: '%{name}',
      loading: '불러오는 중', not_found: '페이지를 찾을 수 없습니다', show: '%{name} %{recordRepresentation}', empty: '아직 %{name}이(가) 없습니다.',
      invite: '추가하시겠습니까?', access_denied: '접근 거부', authentication_error: '인증 오류',
    },
    input: {
      file: { upload_several: '파일을 끌어다 놓거나 클릭하여 선택하세요.', upload_single: '파일을 끌어다 놓거나 클릭하여 선택하세요.' },
      image: { upload_several: '이미지를 끌어다 놓거나 클릭하여 선택하세요.', upload_single: '이미지를 끌어다 놓거나 클릭하여 선택하세요.' },
      references: { all_missing: '참조 데이터를 찾을 수 없습니다.', many_missing: '일부 참조 데이터를 더 이상 사용할 수 없습니다.', single_missing: '참조 데이터를 더 이상 사용할 수 없습니다.' },
      password: { toggle_visible: '비밀번호 숨기기', toggle_hidden: '비밀번호 보기' },
    },
    message: {
      about: '정보', access_denied: '이 페이지에 접근할 권한이 없습니다', are_you_sure: '확실합니까?',
      authentication_error: '인증 서버가 오류를 반환하여 자격 증명을 확인할 수 없습니다.', auth_error: '토큰을 확인하는 중 오류가 발생했습니다.',
      bulk_delete_content: '이 %{name}을(를) 삭제하시겠습니까? |||| 이 %{smart_count}개 항목을 삭제하시겠습니까?',
      bulk_delete_title: '%{name} 삭제 |||| %{name} %{smart_count}개 삭제',
      bulk_update_content: '%{name} %{recordRepresentation}을(를) 업데이트하시겠습니까? |||| 이 %{smart_count}개 항목을 업데이트하시겠습니까?',
      bulk_update_title: '%{name} %{recordRepresentation} 업데이트 |||| %{name} %{smart_count}개 업데이트',
      clear_array_input: '목록 전체를 비우시겠습니까?', delete_content: '이 %{name}을(를) 삭제하시겠습니까?',
      delete_title: '%{name} %{recordRepresentation} 삭제', details: '상세', error: '클라이언트 오류로 요청을 완료하지 못했습니다.',
      invalid_form: '입력 내용이 올바르지 않습니다', loading: '잠시 기다려 주세요', no: '아니요', not_found: 'URL이 잘못되었거나 링크가 유효하지 않습니다.',
      select_all_limit_reached: '항목이 너무 많아 처음 %{max}개만 선택했습니다.', unsaved_changes: '저장하지 않은 변경 사항이 있습니다. 무시하시겠습니까?',
      yes: '예', placeholder_data_warning: '네트워크 문제: 데이터를 새로 고치지 못했습니다.',
    },
    navigation: {
      clear_filters: '필터 지우기', no_filtered_results: '현재 필터에 맞는 %{name}이(가) 없습니다.', no_results: '%{name}이(가) 없습니다',
      no_more_results: '%{page} 페이지는 범위를 벗어났습니다. 이전 페이지로 이동하세요.', page_out_of_boundaries: '%{page} 페이지는 범위를 벗어났습니다',
      page_out_from_end: '마지막 페이지입니다', page_out_from_begin: '첫 페이지입니다',
      page_range_info: '%{offsetBegin}-%{offsetEnd} / 총 %{total}개', partial_page_range_info: '%{offsetBegin}-%{offsetEnd} / %{offsetEnd}개 이상',
      current_page: '%{page} 페이지', page: '%{page} 페이지로 이동', first: '첫 페이지', last: '마지막 페이지', next: '다음 페이지',
      previous: '이전 페이지', page_rows_per_page: '페이지당 행 수:', skip_nav: '본문으로 건너뛰기',
    },
    sort: { sort_by: '%{field} %{order} 정렬', ASC: '오름차순', DESC: '내림차순' },
    auth: {
      auth_check_error: '계속하려면 로그인하세요', user_menu: '프로필', username: '사용자 이름', password: '비밀번호', email: '이메일',
      sign_in: '로그인', sign_in_error: '로그인에 실패했습니다. 다시 시도하세요', logout: '로그아웃',
    },
    notification: {
      updated: '업데이트했습니다 |||| %{smart_count}개 업데이트했습니다', created: '만들었습니다', deleted: '삭제했습니다 |||| %{smart_count}개 삭제했습니다',
      bad_item: '잘못된 항목', item_doesnt_exist: '항목이 존재하지 않습니다', http_error: '서버 통신 오류',
      data_provider_error: '데이터 제공자 오류입니다. 콘솔에서 자세히 확인하세요.', i18n_error: '이 언어의 번역을 불러올 수 없습니다', canceled: '작업이 취소되었습니다',
      logged_out: '세션이 종료되었습니다. 다시 로그인하세요.', not_authorized: '이 리소스에 접근할 권한이 없습니다.', application_update_available: '새 버전이 있습니다.',
      offline: '오프라인 상태라 데이터를 가져올 수 없습니다.',
    },
    validation: {
      required: '필수 항목입니다', minLength: '%{min}자 이상이어야 합니다', maxLength: '%{max}자 이하여야 합니다', minValue: '%{min} 이상이어야 합니다',
      maxValue: '%{max} 이하여야 합니다', number: '숫자여야 합니다', email: '올바른 이메일이 아닙니다', oneOf: '다음 중 하나여야 합니다: %{options}',
      regex: '형식이 올바르지 않습니다(정규식): %{pattern}', unique: '고유해야 합니다',
    },
    saved_queries: {
      label: '저장된 검색', query_name: '검색 이름', new_label: '현재 검색 저장…', new_dialog_title: '현재 검색을 다음 이름으로 저장',
      remove_label: '저장된 검색 삭제', remove_label_with_name: '"%{name}" 검색 삭제', remove_dialog_title: '저장된 검색을 삭제하시겠습니까?',
      remove_message: '저장된 검색 목록에서 이 항목을 삭제하시겠습니까?', help: '목록을 필터링하고 이 검색을 저장해 두세요',
    },
    guesser: { empty: { title: '표시할 데이터가 없습니다', message: '데이터 제공자를 확인하세요' } },
    configurable: {
      customize: '사용자 지정', configureMode: '이 페이지 설정',
      inspector: { title: '검사기', content: '화면 요소에 마우스를 올려 설정하세요', reset: '설정 초기화', hideAll: '모두 숨기기', showAll: '모두 보기' },
      Datagrid: { title: '데이터 표', unlabeled: '이름 없는 열 #%{column}' },
      SimpleForm: { title: '양식', unlabeled: '이름 없는 입력 #%{input}' },
      SimpleList: { title: '목록', primaryText: '기본 텍스트', secondaryText: '보조 텍스트', tertiaryText: '세 번째 텍스트' },
    },
  },
};
export default koKr;
