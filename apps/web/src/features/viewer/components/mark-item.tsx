import { LIMITS, MARK_COLORS, type MarkData, MarkState } from '@koma/shared';
import { Button, Flex, Input, Popconfirm, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api-client';
import { useMoveMark } from '../api/move-mark';
import { useRemoveMark } from '../api/remove-mark';
import { useReplyMark } from '../api/reply-mark';
import type { MarkReview } from '../hooks/use-mark-review';

const STATE_COLOR: Record<MarkData['state'], string> = {
  [MarkState.OPEN]: 'red',
  [MarkState.RESOLVED]: 'gold',
  [MarkState.CONFIRMED]: 'green',
};

interface MarkItemProps {
  mark: MarkData;
  review: MarkReview;
  /** The logged-in user: an author may take back their own open mark. */
  meId: number;
}

/** One mark in the list: its pin, state and comment; picked, its thread and what the caller may do. */
export function MarkItem({ mark, review, meId }: MarkItemProps) {
  const { t, i18n } = useTranslation();
  const selected = review.selectedId === mark.id;
  const when = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <li className={selected ? 'koma-mark-item koma-mark-selected' : 'koma-mark-item'}>
      <button
        type="button"
        className="koma-mark-head"
        aria-expanded={selected}
        onClick={() => review.select(selected ? null : mark.id)}
      >
        <span className="koma-mark-pin" style={{ background: MARK_COLORS[mark.color] }}>
          {mark.num}
        </span>
        <span className="koma-mark-comment">{mark.comment}</span>
        <Tag color={STATE_COLOR[mark.state]}>{t(`marks.states.${mark.state}`)}</Tag>
      </button>
      {selected ? (
        <Flex vertical gap={8} className="koma-mark-thread">
          <Typography.Text type="secondary">
            {t('marks.by', { name: mark.author.nickname, date: when(mark.created_at) })}
          </Typography.Text>
          {mark.state_by && mark.state_at ? (
            <Typography.Text type="secondary">
              {t('marks.stateBy', {
                name: mark.state_by.nickname,
                state: t(`marks.states.${mark.state}`),
                date: when(mark.state_at),
              })}
            </Typography.Text>
          ) : null}
          <ol className="koma-mark-replies" aria-label={t('marks.replies')}>
            {mark.replies.map((reply) => (
              <li key={reply.id}>
                <Typography.Text strong>{reply.author.nickname}</Typography.Text>{' '}
                <Typography.Text type="secondary">{when(reply.created_at)}</Typography.Text>
                <Typography.Paragraph className="koma-mark-reply">{reply.content}</Typography.Paragraph>
              </li>
            ))}
          </ol>
          <MarkActions mark={mark} review={review} meId={meId} />
          {review.may.judge || review.may.resolve ? <ReplyForm mark={mark} review={review} /> : null}
        </Flex>
      ) : null}
    </li>
  );
}

/** Resolve, confirm, reopen, delete: only what the caller may do on the mark in its state. */
function MarkActions({ mark, review, meId }: MarkItemProps) {
  const { t } = useTranslation();
  const moveMark = useMoveMark(review.projectId, review.pageId);
  const removeMark = useRemoveMark(review.projectId, review.pageId);
  const move = (which: 'resolve' | 'confirm' | 'reopen') =>
    moveMark.mutate({ move: which, markId: mark.id, state: mark.state });
  const open = mark.state === MarkState.OPEN;
  const busy = moveMark.isPending;
  return (
    <Flex gap={8} wrap>
      {review.may.resolve && open ? (
        <Button type="primary" size="small" loading={busy} onClick={() => move('resolve')}>
          {t('marks.resolve')}
        </Button>
      ) : null}
      {review.may.judge && mark.state === MarkState.RESOLVED ? (
        <Button type="primary" size="small" loading={busy} onClick={() => move('confirm')}>
          {t('marks.confirm')}
        </Button>
      ) : null}
      {review.may.judge && !open ? (
        <Button size="small" loading={busy} onClick={() => move('reopen')}>
          {t('marks.reopen')}
        </Button>
      ) : null}
      {mark.author.id === meId && open && !review.locked ? (
        <Popconfirm title={t('marks.removeConfirm')} onConfirm={() => removeMark.mutate(mark.id)}>
          <Button size="small" danger loading={removeMark.isPending}>
            {t('marks.remove')}
          </Button>
        </Popconfirm>
      ) : null}
    </Flex>
  );
}

function ReplyForm({ mark, review }: { mark: MarkData; review: MarkReview }) {
  const { t } = useTranslation();
  const [content, setContent] = useState('');
  const replyMark = useReplyMark(review.projectId, review.pageId);
  // At the limit the box closes and says why, in the server's words (LIMITS.markRepliesMax).
  const full = mark.replies.length >= LIMITS.markRepliesMax;
  const refusal = full ? t('validation.markRepliesFull') : replyMark.error && errorText(replyMark.error);
  const send = () => {
    if (!content.trim()) return;
    replyMark.mutate({ markId: mark.id, content }, { onSuccess: () => setContent('') });
  };
  return (
    <Flex vertical gap={4}>
      <Input.TextArea
        aria-label={t('marks.reply')}
        placeholder={t('marks.replyPlaceholder')}
        autoSize={{ minRows: 1, maxRows: 4 }}
        maxLength={LIMITS.markCommentMax}
        disabled={full}
        value={content}
        onChange={(e) => setContent(e.target.value)}
      />
      {refusal ? (
        <Typography.Text type="danger" role="alert">
          {refusal}
        </Typography.Text>
      ) : null}
      <Button size="small" disabled={full || !content.trim()} loading={replyMark.isPending} onClick={send}>
        {t('marks.send')}
      </Button>
    </Flex>
  );
}
