import { Button, InputNumber, Pagination, Select, Space, Tag } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PagePlan } from '../lib/step-plan';
import './settings-plan.css';

/** Pages listed at a time: a 1000-page chapter stays light (one editor, a short list). */
export const SETTINGS_PAGE_LIST_SIZE = 20;

export type PageFilter = 'all' | 'unset' | 'changed' | 'incomplete';

interface SettingsPageListProps {
  pages: PagePlan[];
  selectedId: number | null;
  onSelect: (pageId: number) => void;
  /** Pages with unsaved changes. */
  changed: ReadonlySet<number>;
  /** Pages with a step missing its task or assignee. */
  incomplete: ReadonlySet<number>;
  editable: boolean;
}

/** The chapter's pages (thumbnail, number, step count, unsaved / incomplete marks), a page at a time. */
export function SettingsPageList({
  pages,
  selectedId,
  onSelect,
  changed,
  incomplete,
  editable,
}: SettingsPageListProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<PageFilter>('all');
  const [listPage, setListPage] = useState(1);
  const [jump, setJump] = useState<number | null>(null);

  const shown = useMemo(() => {
    switch (filter) {
      case 'unset':
        return pages.filter((p) => p.steps.length === 0);
      case 'changed':
        return pages.filter((p) => changed.has(p.pageId));
      case 'incomplete':
        return pages.filter((p) => incomplete.has(p.pageId));
      default:
        return pages;
    }
  }, [pages, filter, changed, incomplete]);

  // Keep the selected page in view when it is chosen from elsewhere (next page, a save check).
  useEffect(() => {
    const index = shown.findIndex((p) => p.pageId === selectedId);
    if (index >= 0) setListPage(Math.floor(index / SETTINGS_PAGE_LIST_SIZE) + 1);
  }, [selectedId, shown]);

  const lastPage = Math.max(1, Math.ceil(shown.length / SETTINGS_PAGE_LIST_SIZE));
  const current = Math.min(listPage, lastPage);
  const visible = shown.slice((current - 1) * SETTINGS_PAGE_LIST_SIZE, current * SETTINGS_PAGE_LIST_SIZE);

  // …and scrolled into the list's own view (the window stays where it is).
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const list = listRef.current;
    const item = list?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!list || !item || !visible.some((p) => p.pageId === selectedId)) return;
    const top = item.offsetTop;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + item.offsetHeight > list.scrollTop + list.clientHeight)
      list.scrollTop = top + item.offsetHeight - list.clientHeight;
  }, [selectedId, visible]);

  /** Straight to a page by its number (a long chapter has many list pages). */
  const goTo = () => {
    const target = pages.find((p) => p.num === jump);
    if (!target) return;
    setFilter('all');
    onSelect(target.pageId);
  };

  const unsetCount = pages.filter((p) => p.steps.length === 0).length;
  const filters = [
    { value: 'all' as const, label: t('chapterSettings.pages.all', { count: pages.length }) },
    { value: 'unset' as const, label: t('chapterSettings.pages.unset', { count: unsetCount }) },
    ...(editable
      ? [
          { value: 'changed' as const, label: t('chapterSettings.pages.changed', { count: changed.size }) },
          {
            value: 'incomplete' as const,
            label: t('chapterSettings.pages.incomplete', { count: incomplete.size }),
          },
        ]
      : []),
  ];

  return (
    <section aria-labelledby="settings-pages-heading">
      <h2 id="settings-pages-heading" className="koma-card-heading" style={{ marginBottom: 8 }}>
        {t('chapterSettings.pages.heading')}
      </h2>
      <Select<PageFilter>
        value={filter}
        options={filters}
        onChange={(value) => {
          setFilter(value);
          setListPage(1);
        }}
        aria-label={t('chapterSettings.pages.filter')}
        style={{ width: '100%', marginBottom: 8 }}
      />
      {pages.length > SETTINGS_PAGE_LIST_SIZE ? (
        <Space.Compact style={{ width: '100%', marginBottom: 8 }}>
          <InputNumber<number>
            min={1}
            max={pages.length}
            precision={0}
            value={jump}
            onChange={setJump}
            onPressEnter={goTo}
            aria-label={t('chapterSettings.pages.jumpLabel')}
            placeholder={t('chapterSettings.pages.jumpPlaceholder')}
            style={{ width: '100%' }}
          />
          <Button onClick={goTo}>{t('chapterSettings.pages.jump')}</Button>
        </Space.Compact>
      ) : null}
      {visible.length ? (
        <ul ref={listRef} className="koma-settings-pages" aria-label={t('chapterSettings.pages.listLabel')}>
          {visible.map((page) => {
            const selected = page.pageId === selectedId;
            return (
              <li key={page.pageId}>
                <button
                  type="button"
                  className="koma-settings-page-button"
                  aria-current={selected ? 'true' : undefined}
                  onClick={() => onSelect(page.pageId)}
                >
                  {page.icon ? (
                    <img className="koma-settings-thumb" src={page.icon} alt="" loading="lazy" />
                  ) : (
                    <span className="koma-settings-thumb" aria-hidden="true" />
                  )}
                  <span className="koma-settings-page-text">
                    <strong>{t('chapterSettings.pages.name', { num: page.num })}</strong>
                    <span className="koma-settings-page-sub">
                      {page.steps.length
                        ? t('chapterSettings.pages.stepCount', { count: page.steps.length })
                        : t('chapterSettings.pages.noSteps')}
                    </span>
                    {editable && (changed.has(page.pageId) || incomplete.has(page.pageId)) ? (
                      <span className="koma-settings-page-tags">
                        {changed.has(page.pageId) ? (
                          <Tag color="blue">{t('chapterSettings.pages.changedTag')}</Tag>
                        ) : null}
                        {incomplete.has(page.pageId) ? (
                          <Tag color="red">{t('chapterSettings.pages.incompleteTag')}</Tag>
                        ) : null}
                      </span>
                    ) : null}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="koma-settings-muted">{t('chapterSettings.pages.noneShown')}</p>
      )}
      {shown.length > SETTINGS_PAGE_LIST_SIZE ? (
        <Pagination
          size="small"
          style={{ marginTop: 12, justifyContent: 'center' }}
          current={current}
          pageSize={SETTINGS_PAGE_LIST_SIZE}
          total={shown.length}
          showSizeChanger={false}
          showLessItems
          onChange={(next) => {
            setListPage(next);
            if (listRef.current) listRef.current.scrollTop = 0;
          }}
        />
      ) : null}
    </section>
  );
}
