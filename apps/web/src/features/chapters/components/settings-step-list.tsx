import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  HolderOutlined,
  LockOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { Button, Select } from 'antd';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastWarning } from '../../../lib/feedback';
import {
  addStep,
  canMove,
  isProblem,
  membersOf,
  moveStep,
  type PlanEdit,
  type PlanProblemKey,
  type PlanStep,
  type PositionMembers,
  removeStep,
  setOwner,
  setTask,
} from '../lib/step-plan';
import './settings-plan.css';
import { StepStatusTag } from './step-status-tag';

export interface StepListProblem {
  index: number;
  key: PlanProblemKey;
}

interface SettingsStepListProps {
  steps: PlanStep[];
  positions: PositionMembers;
  /** False: the plan as text, nothing to change. */
  editable: boolean;
  onChange?: (steps: PlanStep[]) => void;
  /** The list's accessible name (e.g. "3ページの作業の順番"). */
  label: string;
  /** A step the last save check stopped at. */
  problem?: StepListProblem | null;
  emptyText: string;
  /** Put before each field's and button's name, to tell two lists on one screen apart. */
  namePrefix?: string;
  /** False for the bulk template (its steps have no status). */
  showStatus?: boolean;
}

type FocusTarget = { key: string; action: 'up' | 'down' | 'remove' | 'task' } | { key: 'add' };

/**
 * One ordered list of steps (a page's, or the bulk-apply template): task and assignee selects,
 * reordering by drag and drop or the move buttons, adding and deleting. Locked (started) steps
 * show their status and refuse every change with '削除禁止！'; nothing moves above them.
 */
export function SettingsStepList({
  steps,
  positions,
  editable,
  onChange,
  label,
  problem,
  emptyText,
  namePrefix = '',
  showStatus = true,
}: SettingsStepListProps) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<{ from: number; over: number | null } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focus, setFocus] = useState<FocusTarget | null>(null);

  useEffect(() => {
    if (!focus) return;
    const root = listRef.current;
    setFocus(null);
    if (!root) return;
    if (focus.key === 'add') {
      root.querySelector<HTMLButtonElement>('[data-action="add"]')?.focus();
      return;
    }
    const row = root.querySelector(`[data-step-key="${focus.key}"]`);
    if (!row) return;
    if ('action' in focus && focus.action === 'task') {
      row.querySelector<HTMLInputElement>('input')?.focus();
      return;
    }
    const wanted = 'action' in focus ? focus.action : 'up';
    const button =
      row.querySelector<HTMLButtonElement>(`[data-action="${wanted}"]:not(:disabled)`) ??
      row.querySelector<HTMLButtonElement>('[data-action]:not(:disabled)');
    button?.focus();
  }, [focus]);

  const refuse = (key: PlanProblemKey) => toastWarning(t(`validation.${key}`));

  /** Applies an edit, or shows why it is refused. */
  const apply = (edit: PlanEdit, said?: string): boolean => {
    if (isProblem(edit)) {
      refuse(edit);
      return false;
    }
    onChange?.(edit);
    if (said) setAnnouncement(said);
    return true;
  };

  const move = (from: number, to: number, action?: 'up' | 'down') => {
    const step = steps[from];
    if (!step || to < 0 || to >= steps.length) return;
    const moved = apply(
      moveStep(steps, from, to),
      t('chapterSettings.steps.moved', { from: from + 1, to: to + 1 }),
    );
    if (moved && action) setFocus({ key: step.key, action });
  };

  const remove = (index: number) => {
    const next = steps[index + 1] ?? steps[index - 1];
    const removed = apply(removeStep(steps, index), t('chapterSettings.steps.removed', { order: index + 1 }));
    if (removed) setFocus(next ? { key: next.key, action: 'remove' } : { key: 'add' });
  };

  const add = () => {
    const edit = addStep(steps);
    if (apply(edit, t('chapterSettings.steps.added', { order: steps.length + 1 })) && !isProblem(edit)) {
      const added = edit[edit.length - 1];
      if (added) setFocus({ key: added.key, action: 'task' });
    }
  };

  // Drag and drop (the move buttons do the same from the keyboard).
  const onDragStart = (index: number) => (event: DragEvent<HTMLSpanElement>) => {
    const step = steps[index];
    if (!step || step.locked) {
      event.preventDefault();
      refuse('stepLocked');
      return;
    }
    event.dataTransfer.effectAllowed = 'move';
    event.dataTransfer.setData('text/plain', step.key);
    const row = event.currentTarget.closest('li');
    if (row) event.dataTransfer.setDragImage(row, 16, 16);
    setDrag({ from: index, over: null });
  };
  const onDragOver = (index: number) => (event: DragEvent<HTMLLIElement>) => {
    if (!drag) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    if (drag.over !== index) setDrag({ ...drag, over: index });
  };
  const onDrop = (index: number) => (event: DragEvent<HTMLLIElement>) => {
    if (!drag) return;
    event.preventDefault();
    const from = drag.from;
    setDrag(null);
    if (from !== index) move(from, index);
  };
  const dropClass = (index: number): string => {
    if (!drag || drag.over !== index || drag.from === index) return '';
    if (!canMove(steps, drag.from, index)) return ' koma-step-drop-refused';
    return index < drag.from ? ' koma-step-drop-before' : ' koma-step-drop-after';
  };

  const taskName = (step: PlanStep) =>
    positions.find((p) => p.pos_id === step.posId)?.position ?? (step.position || '—');
  const ownerName = (step: PlanStep) =>
    membersOf(positions, step.posId).find((m) => m.id === step.ownerUserId)?.nickname ??
    (step.ownerNickname || '—');

  const taskOptions = (step: PlanStep) => {
    const options = positions.map((p) => ({ value: p.pos_id, label: p.position }));
    if (step.posId !== null && !options.some((o) => o.value === step.posId))
      options.push({ value: step.posId, label: step.position || t('chapterSettings.steps.unknownTask') });
    return options;
  };
  const ownerOptions = (step: PlanStep) => {
    const options = membersOf(positions, step.posId).map((m) => ({ value: m.id, label: m.nickname }));
    if (step.ownerUserId !== null && !options.some((o) => o.value === step.ownerUserId))
      options.push({
        value: step.ownerUserId,
        label: step.ownerNickname || t('chapterSettings.steps.unknownMember'),
      });
    return options;
  };

  const field = (name: string, value: string) => (
    <div className="koma-step-field-text">
      <span className="koma-step-field-label">{name}</span>
      <span className="koma-prewrap">{value}</span>
    </div>
  );

  const row = (step: PlanStep, index: number) => {
    const order = index + 1;
    const asText = !editable || step.locked;
    const bad = problem?.index === index ? problem.key : null;
    const className = `koma-step${step.locked ? ' koma-step-locked' : ''}${
      drag?.from === index ? ' koma-step-dragging' : ''
    }${dropClass(index)}`;
    return (
      <li
        key={step.key}
        className={className}
        data-step-key={step.key}
        onDragOver={editable ? onDragOver(index) : undefined}
        onDrop={editable ? onDrop(index) : undefined}
      >
        {editable ? (
          <span
            className="koma-step-handle"
            draggable
            onDragStart={onDragStart(index)}
            onDragEnd={() => setDrag(null)}
            title={step.locked ? t('chapterSettings.steps.locked') : t('chapterSettings.steps.drag')}
            aria-hidden="true"
          >
            {step.locked ? <LockOutlined /> : <HolderOutlined />}
          </span>
        ) : (
          <span className="koma-step-handle" aria-hidden="true">
            {step.locked ? <LockOutlined /> : null}
          </span>
        )}
        <span className="koma-step-order">
          <span className="koma-visually-hidden">{t('chapterSettings.steps.order')} </span>
          {order}
        </span>
        <div className="koma-step-fields">
          {asText ? (
            <>
              {field(t('chapterSettings.steps.task'), taskName(step))}
              {field(t('chapterSettings.steps.assignee'), ownerName(step))}
            </>
          ) : (
            <>
              <Select<number>
                aria-label={namePrefix + t('chapterSettings.steps.taskOf', { order })}
                placeholder={t('chapterSettings.steps.chooseTask')}
                value={step.posId ?? undefined}
                options={taskOptions(step)}
                status={bad === 'taskRequired' ? 'error' : undefined}
                showSearch
                optionFilterProp="label"
                notFoundContent={t('chapterSettings.steps.noTasks')}
                onChange={(posId) => apply(setTask(steps, index, posId, positions))}
              />
              <Select<number>
                aria-label={namePrefix + t('chapterSettings.steps.assigneeOf', { order })}
                placeholder={
                  step.posId === null
                    ? t('chapterSettings.steps.chooseTaskFirst')
                    : t('chapterSettings.steps.chooseAssignee')
                }
                value={step.ownerUserId ?? undefined}
                options={ownerOptions(step)}
                disabled={step.posId === null}
                status={bad === 'assigneeRequired' || bad === 'assigneeNotMember' ? 'error' : undefined}
                showSearch
                optionFilterProp="label"
                notFoundContent={t('chapterSettings.steps.noMembers')}
                onChange={(ownerUserId) => apply(setOwner(steps, index, ownerUserId))}
              />
            </>
          )}
        </div>
        <div className="koma-step-meta">
          <div className="koma-step-status">
            {showStatus && step.stepId !== null ? <StepStatusTag status={step.status} /> : null}
            {step.locked ? (
              <span className="koma-visually-hidden">{t('chapterSettings.steps.locked')}</span>
            ) : null}
          </div>
          {editable ? (
            <div className="koma-step-actions">
              <Button
                size="small"
                icon={<ArrowUpOutlined aria-hidden="true" />}
                data-action="up"
                disabled={index === 0}
                onClick={() => move(index, index - 1, 'up')}
                aria-label={namePrefix + t('chapterSettings.steps.upWho', { order })}
                title={t('chapterSettings.steps.up')}
              />
              <Button
                size="small"
                icon={<ArrowDownOutlined aria-hidden="true" />}
                data-action="down"
                disabled={index === steps.length - 1}
                onClick={() => move(index, index + 1, 'down')}
                aria-label={namePrefix + t('chapterSettings.steps.downWho', { order })}
                title={t('chapterSettings.steps.down')}
              />
              <Button
                size="small"
                danger
                icon={<DeleteOutlined aria-hidden="true" />}
                data-action="remove"
                onClick={() => remove(index)}
                aria-label={namePrefix + t('chapterSettings.steps.removeWho', { order })}
                title={t('chapterSettings.steps.remove')}
              />
            </div>
          ) : null}
        </div>
      </li>
    );
  };

  return (
    <div ref={listRef} className="koma-step-list">
      {steps.length ? (
        <ol className="koma-steps" aria-label={label}>
          {steps.map(row)}
        </ol>
      ) : (
        <p className="koma-settings-muted" style={{ margin: '0 0 12px' }}>
          {emptyText}
        </p>
      )}
      {editable ? (
        <Button icon={<PlusOutlined aria-hidden="true" />} data-action="add" onClick={add}>
          {t('chapterSettings.steps.add')}
        </Button>
      ) : null}
      <div className="koma-visually-hidden" aria-live="polite">
        {announcement}
      </div>
    </div>
  );
}
