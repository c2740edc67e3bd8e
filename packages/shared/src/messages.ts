import type { Language } from './enums.js';

/**
 * Every validation and server message, keyed once. `ja` holds the specification's exact text;
 * the server answers in the caller's language (cookie), the web shows the same keys.
 */
const ja = {
  // sign-up (accounts spec section 5)
  nicknameRequired: 'ニックネームを入力して下さい',
  nicknameTooLong: 'ニックネームは60文字以内で入力して下さい',
  emailRequired: 'メールアドレスを入力して下さい',
  emailInvalid: 'メールアドレスに誤っています',
  emailMismatch: 'メールアドレスが一致しません',
  passwordRequired: 'パスワードを入力して下さい',
  passwordTooShort: 'パスワードは6桁以上で入力してください',
  passwordTooLong: 'パスワードは256文字以内で入力して下さい',
  passwordMismatch: 'パスワードが一致しません',
  creativecapRequired: '少なくとも1つ選択して下さい',
  loginAttrRequired: '登録属性を選択して下さい',
  agreementRequired: '利用規則およびプライバシーポリシーをご確認の上、同意して下さい',
  attributeIncomplete: '未入力項目があります',
  invalidValue: '入力内容に誤りがあります',
  tokenRequired: 'リンクが正しくありません',
  // server answers
  emailTaken: 'このメールアドレスは既に登録されています',
  loginFailed: 'メールアドレスまたはパスワードが正しくありません',
  accountProvisional:
    '本登録が完了していません。登録したメールアドレスに届いたリンクから本登録を完了して下さい',
  accountDisabled: 'このアカウントは利用停止中です',
  registered: '仮登録が完了しました。登録したメールアドレスに届いたリンクから本登録を完了して下さい',
  registrationCompleted: '本登録が完了しました。ログインして下さい',
  registrationLinkInvalid: 'リンクが無効か、有効期限が切れています。確認メールを再送して下さい',
  confirmationResent: '確認メールを送信しました。メールをご確認下さい',
  resetMailSent: 'パスワード再設定のメールを送信しました。メールをご確認下さい',
  resetLinkInvalid: 'リンクが無効か、有効期限が切れています。もう一度お手続き下さい',
  passwordReset: 'パスワードを再設定しました。新しいパスワードでログインして下さい',
  loggedIn: 'ログインしました',
  loggedOut: 'ログアウトしました',
  saved: '保存しました',
  notLoggedIn: 'ログインして下さい',
  forbidden: 'この操作を行う権限がありません',
  notFound: '見つかりません',
  conflict: '既に処理されています。画面を更新して下さい',
  tooLarge: 'サイズが大きすぎます',
  tooManyRequests: '試行回数が多すぎます。しばらく待ってからもう一度お試し下さい',
  unexpected: 'エラーが発生しました。しばらくしてからもう一度お試し下さい',
  ok: '成功しました',
} as const;

export type MessageKey = keyof typeof ja;
type Catalogue = Record<MessageKey, string>;

const zh: Catalogue = {
  nicknameRequired: '请输入昵称',
  nicknameTooLong: '昵称不能超过60个字符',
  emailRequired: '请输入邮箱地址',
  emailInvalid: '邮箱地址格式不正确',
  emailMismatch: '两次输入的邮箱地址不一致',
  passwordRequired: '请输入密码',
  passwordTooShort: '密码至少需要6位',
  passwordTooLong: '密码不能超过256个字符',
  passwordMismatch: '两次输入的密码不一致',
  creativecapRequired: '请至少选择一项',
  loginAttrRequired: '请选择注册属性',
  agreementRequired: '请确认并同意使用条款和隐私政策',
  attributeIncomplete: '有未填写的项目',
  invalidValue: '输入内容有误',
  tokenRequired: '链接不正确',
  emailTaken: '该邮箱地址已被注册',
  loginFailed: '邮箱地址或密码不正确',
  accountProvisional: '尚未完成正式注册。请通过发送到注册邮箱的链接完成注册',
  accountDisabled: '该账号已被停用',
  registered: '临时注册已完成。请通过发送到注册邮箱的链接完成正式注册',
  registrationCompleted: '正式注册已完成，请登录',
  registrationLinkInvalid: '链接无效或已过期，请重新发送确认邮件',
  confirmationResent: '确认邮件已发送，请查收',
  resetMailSent: '密码重置邮件已发送，请查收',
  resetLinkInvalid: '链接无效或已过期，请重新申请',
  passwordReset: '密码已重置，请使用新密码登录',
  loggedIn: '登录成功',
  loggedOut: '已退出登录',
  saved: '已保存',
  notLoggedIn: '请登录',
  forbidden: '没有执行此操作的权限',
  notFound: '未找到',
  conflict: '已被处理，请刷新页面',
  tooLarge: '大小超出限制',
  tooManyRequests: '尝试次数过多，请稍后再试',
  unexpected: '发生错误，请稍后再试',
  ok: '操作成功',
};

const en: Catalogue = {
  nicknameRequired: 'Please enter a nickname',
  nicknameTooLong: 'The nickname can be at most 60 characters',
  emailRequired: 'Please enter an e-mail address',
  emailInvalid: 'This e-mail address is not valid',
  emailMismatch: 'The e-mail addresses do not match',
  passwordRequired: 'Please enter a password',
  passwordTooShort: 'The password must be at least 6 characters',
  passwordTooLong: 'The password can be at most 256 characters',
  passwordMismatch: 'The passwords do not match',
  creativecapRequired: 'Please choose at least one',
  loginAttrRequired: 'Please choose an account type',
  agreementRequired: 'Please read and accept the terms of use and the privacy policy',
  attributeIncomplete: 'Some fields are not filled in',
  invalidValue: 'Some input is not valid',
  tokenRequired: 'This link is not valid',
  emailTaken: 'This e-mail address is already registered',
  loginFailed: 'The e-mail address or password is not correct',
  accountProvisional:
    'Your registration is not complete yet. Please open the link we sent to your e-mail address',
  accountDisabled: 'This account is suspended',
  registered:
    'Provisional registration is complete. Please finish it with the link we sent to your e-mail address',
  registrationCompleted: 'Your registration is complete. Please log in',
  registrationLinkInvalid: 'This link is not valid or has expired. Please send the confirmation e-mail again',
  confirmationResent: 'We sent the confirmation e-mail. Please check your inbox',
  resetMailSent: 'We sent a password reset e-mail. Please check your inbox',
  resetLinkInvalid: 'This link is not valid or has expired. Please start again',
  passwordReset: 'Your password has been reset. Please log in with the new password',
  loggedIn: 'Logged in',
  loggedOut: 'Logged out',
  saved: 'Saved',
  notLoggedIn: 'Please log in',
  forbidden: 'You are not allowed to do this',
  notFound: 'Not found',
  conflict: 'This was already handled. Please reload the page',
  tooLarge: 'Too large',
  tooManyRequests: 'Too many attempts. Please wait a moment and try again',
  unexpected: 'Something went wrong. Please try again later',
  ok: 'Done',
};

export const MESSAGES: Record<Language, Catalogue> = { ja, zh, en };

/** The message for a key in a language; an unknown key is returned as it is. */
export function message(key: string, lang: Language = 'ja'): string {
  return (MESSAGES[lang] as Record<string, string>)[key] ?? key;
}

export function isMessageKey(key: string): key is MessageKey {
  return key in ja;
}
