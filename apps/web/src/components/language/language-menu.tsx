import { GlobalOutlined } from '@ant-design/icons';
import { LANGUAGES } from '@koma/shared/constants';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage, isLanguage } from '../../lib/i18n';
import { useMenuButton } from '../use-menu-button';
import { useChangeLanguage } from './use-change-language';

/** Language choice of the top bar: a compact drop-down. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const change = useChangeLanguage();
  const lang = currentLanguage();
  const button = useMenuButton();
  return (
    <Dropdown
      trigger={['click']}
      // Opening moves focus into the menu, so the arrow keys reach its entries at once.
      autoFocus
      onOpenChange={button.onOpenChange}
      menu={{
        selectable: true,
        selectedKeys: [lang],
        items: LANGUAGES.map((code) => ({ key: code, label: t(`common.languages.${code}`) })),
        onClick: ({ key }) => {
          if (isLanguage(key)) void change(key);
        },
      }}
    >
      <Button
        ref={button.ref}
        type="text"
        icon={<GlobalOutlined aria-hidden="true" />}
        aria-label={`${t('common.language')}: ${t(`common.languages.${lang}`)}`}
      >
        <span className="koma-hide-mobile">{t(`common.languages.${lang}`)}</span>
      </Button>
    </Dropdown>
  );
}
