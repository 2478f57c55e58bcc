/** Strings of the admin console itself, American English. */
import type { AdminCatalog } from './zh-cn';

const enUs: AdminCatalog = {
  admin: {
    titles: { admin_index: 'Dashboard', sign_in: 'Sign in', sign_up: 'Sign up', sign_forget: 'Forgot password', not_found: 'Page not found' },
    not_found: { title: 'Page not found', text: 'The page you are looking for may have been deleted, renamed, or is temporarily unavailable.', home: 'Back to home' },
    no_access: { title: 'You may not view this page', text: 'Your permission groups do not grant this page.', none: 'Your permission groups grant no page yet. Please ask an administrator.', open_first: 'Open a page I may view' },
    copy: { button: 'Copy', done: 'Copied', unsupported: 'This browser cannot copy', failed: 'Copy failed' },
    a11y: { menu: 'Main menu', page_progress: 'Page loading progress' },
    buttons: {
      add: 'Add', edit: 'Edit', remove: 'Move to recycle bin', restore: 'Restore', destroy: 'Delete permanently', clear: 'Empty recycle bin',
      export: 'Export', refresh: 'Refresh', all: 'All', trash: 'Recycle bin', filters: 'Filters', settings: 'Table settings',
    },
    list: { keyword: 'Keyword', any: 'Any', auto_search: 'Auto search', actions: 'Actions', date_placeholder: 'yyyy-mm-dd', pick_date: 'Pick a date', range_from: '%{field} from', range_to: '%{field} to' },
    settings: {
      title: 'Table settings', views: 'Views', sort: 'Sort', config: 'Config', sort_field: 'Sort by',
      pin_left: 'Left', pin_none: 'None', pin_right: 'Right', reset: 'Restore defaults',
      move_up: 'Move %{name} up', move_down: 'Move %{name} down', pin_of: 'Pin %{name}',
      date_simple: 'Simple (date and minutes)', date_detailed: 'Detailed (date and seconds)', date_ymd: 'Year-month-day',
    },
    confirm: {
      title: 'This cannot be undone', destroy: 'Permanently delete the %{smart_count} selected records? They cannot be recovered.',
      clear: 'Empty the recycle bin? Its records will be deleted permanently.', yes: 'No regrets', no: 'Let me think',
    },
    notify: { created: 'Created', saved: 'Saved', removed: 'Moved to the recycle bin', restored: 'Restored', destroyed: 'Deleted permanently', cleared: 'Recycle bin emptied' },
    form: { create_title: 'New %{name}', edit_title: 'Edit %{name}', password_keep: 'Leave blank to keep the current password' },
    prompt: { invalid: 'Input data invalid' },
    upload: { button: 'Upload', success: 'Uploaded', failed: 'Upload failed', error: 'Upload error', none: 'No attachments', progress: 'Upload progress' },
    pay_link: {
      title: 'Order created', content: 'Send this pay link to the payer:', copy: 'Copy pay link', later: 'Later',
      copied: 'Pay link copied', copy_failed: 'Copy failed',
    },
    sign: {
      fields: { social: 'Phone or email', account: 'Account', password: 'Password', AgainPassword: 'Confirm password', code: 'Verification code', invite: 'Invitation code (optional)' },
      by_password: 'Account and password', by_code: 'Verification code', submit_sign_in: 'Sign in', submit_sign_up: 'Sign up',
      send_code: 'Send code', resend_in: 'Resend in %{seconds} s', code_sent: 'Verification code sent', reset_done: 'Password reset',
      need_account: 'Please enter your account', need_password: 'Please enter your password', need_social: 'Please enter a phone number or email', need_code: 'Please enter the verification code',
      need_again: 'Please enter the password again', passwords_differ: 'The passwords do not match', password_short: 'The password must be at least 8 characters',
      need_social_or_account: 'Enter either the phone/email or the account',
      need_invite: 'Enter your invitation code', invite_required: 'Invitation code', code_only: 'This site signs in with a code sent to your phone or email',
      sign_up_closed: 'Sign-up is closed', sign_up_closed_text: 'This site is not taking new accounts right now. Already have one? Sign in.',
    },
    screens: {
      invite: { generate: 'Generate codes', count: 'How many', count_hint: '1 to %{max}; length and format follow the sign-up settings' },
      settings: {
        tabs: { security: 'Security', services: 'Site, SMS, cache & storage' },
        clear_cache: 'Clear cache',
        rows: {
          SYSTEM_SAFETY_API: {
            _: 'API security',
            key: 'API key (blank: a new one is generated)',
            sign: 'Request signing',
            paging: { _: 'Paging', enable: 'Limit the page size', limit: 'Rows per page at most' },
            qps: {
              _: 'Request rate',
              block: {
                _: 'Blocking',
                enable: 'Block repeat offenders',
                count: 'Violations before a block',
                second: 'Counting and block period (seconds)',
              },
              limit: {
                _: 'Rate limits',
                enable: 'Enable rate limits',
                global: 'Requests per second (whole API)',
                point: 'Requests per second (per route)',
              },
            },
          },
          SAFETY_SMS: {
            _: 'SMS safety',
            brush: {
              _: 'Anti-flooding',
              enable: 'Enabled',
              plan: { _: 'Response', mode: 'Action', second: 'Block or blacklist period (seconds)' },
              rule: { _: 'Rule', strategy: 'Counting strategy', second: 'Window (seconds)', count: 'Requests per window at most' },
            },
            burst: {
              _: 'Burst protection',
              enable: 'Enabled',
              plan: { _: 'Response', mode: 'Action', second: 'Block or blacklist period (seconds)' },
              rule: { _: 'Rule', strategy: 'Counting strategy', second: 'Window (seconds)', count: 'Requests per window at most' },
            },
          },
          SIGN_IN_UP: {
            _: 'Sign-in and sign-up',
            sign_in: { _: 'Sign-in', unique: 'One session per user (signing in ends the others)', strategy: 'Sign-in strategy' },
            sign_up: {
              _: 'Sign-up',
              allow: 'Allow sign-up',
              invite: { _: 'Invitation codes', mode: 'Invitation mode', length: 'Code length', format: 'Code format' },
              auth_group_ids: 'Default groups of new users',
            },
          },
          SITE_INFO: {
            _: 'Site information',
            title: 'Site title',
            date: 'Founded',
            avatar: 'Site logo',
            favicon: 'Favicon',
            keyword: 'Keywords (separated by |)',
            describe: 'Summary',
            description: 'Description (for search engines)',
            copy: { _: 'ICP filing', code: 'ICP number', link: 'Lookup link' },
            police: { _: 'Public security filing', code: 'Filing number', link: 'Lookup link' },
          },
        },
      },
      test: {
        title: 'Test page',
        comment: 'Comment',
        placeholder: 'Say something…',
        counter: '%{count} / %{max}',
        menu: 'More actions',
        favourite: 'Add to favourites',
        unfavourite: 'Remove from favourites',
        favourited: 'In favourites',
        favourite_added: 'Added to favourites', favourite_removed: 'Removed from favourites',
      },
      'auth-group': {
        up: 'Move up', down: 'Move down', presets: 'New from preset', all_rules: 'This group has all permissions: no rules to pick',
        expand: 'Expand %{name}', collapse: 'Collapse %{name}', member_search: 'Search by nickname, phone or email', no_users: 'No matching users',
      },
      'receive-money': { no_channel: 'No payment method for this currency' },
      users: { status_saved: 'User status updated', avatar_preview: 'Avatar preview' },
      logs: {
        details: 'Details', title: 'Operation log details', user: 'User', guest: 'Visitor (not signed in)', os: 'Operating system', browser: 'Browser', time: 'Time', unknown: 'Unknown',
        codes: { 200: 'Success', 201: 'Created', 204: 'No data', 400: 'Error', 401: 'Unauthorized', 403: 'Forbidden' },
      },
      'auth-rules': { open_api: 'Open API docs' },
    },
  },
};
export default enUs;
