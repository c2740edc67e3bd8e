import { LIMITS } from '@koma/shared';
import type { MailMessage } from '../../infra/mailer.js';
import { escapeHtml } from '../../lib/html-escape.js';

interface LinkMail {
  to: string;
  nickname: string;
  link: string;
}

function build(to: string, subject: string, nickname: string, lines: string[], link: string): MailMessage {
  const footer = [
    '',
    '※このメールに心当たりがない場合は、破棄してください。',
    '',
    'Koma — マンガを、チームで。',
  ];
  const text = [`${nickname} 様`, '', ...lines, '', link, ...footer].join('\n');
  const paragraphs = lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('');
  const html =
    `<!doctype html><html lang="ja"><body style="font-family:sans-serif;line-height:1.7">` +
    `<p>${escapeHtml(nickname)} 様</p>${paragraphs}` +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` +
    footer.map((l) => `<p>${escapeHtml(l)}</p>`).join('') +
    '</body></html>';
  return { to, subject, text, html, link };
}

export function confirmationMail({ to, nickname, link }: LinkMail): MailMessage {
  return build(
    to,
    '【Koma】本登録のご案内',
    nickname,
    [
      'Koma に仮登録いただき、ありがとうございます。',
      `下のリンクを開いて本登録を完了してください（有効期限：${LIMITS.mailLinkHours}時間）。`,
    ],
    link,
  );
}

export function resetPasswordMail({ to, nickname, link }: LinkMail): MailMessage {
  return build(
    to,
    '【Koma】パスワード再設定のご案内',
    nickname,
    [
      'パスワード再設定のお申し込みを受け付けました。',
      `下のリンクを開いて新しいパスワードを設定してください（有効期限：${LIMITS.mailLinkHours}時間）。`,
    ],
    link,
  );
}
