import { Button, Modal, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../../../lib/session';
import { useCloseFirstLogin } from '../api/close-first-login';

/**
 * First login: the fuller the profile, the better the matching. Closing the
 * dialog in any way (button, ×, Esc, the profile link) clears isFirst on the server.
 */
export function FirstLoginDialog() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const closeFirst = useCloseFirstLogin();
  const closed = useRef(false);

  const close = () => {
    if (closed.current) return;
    closed.current = true;
    closeFirst.mutate();
  };

  return (
    <Modal
      open={user.isFirst}
      width={550}
      title={t('dashboard.firstLogin.title')}
      onCancel={close}
      footer={
        <Button type="primary" onClick={close}>
          {t('dashboard.firstLogin.later')}
        </Button>
      }
    >
      <Typography.Paragraph>{t('dashboard.firstLogin.body', { name: user.nickname })}</Typography.Paragraph>
      <Link to="/personalInfo/personalInfo" onClick={close}>
        {t('dashboard.firstLogin.link')}
      </Link>
    </Modal>
  );
}
