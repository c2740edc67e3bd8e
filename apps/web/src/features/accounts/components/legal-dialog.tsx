import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { type LegalKind, LegalText } from './legal-text';

interface LegalDialogProps {
  kind: LegalKind | null;
  onClose: () => void;
}

/** Terms of use / privacy policy dialog opened from the sign-up form. */
export function LegalDialog({ kind, onClose }: LegalDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={kind !== null}
      width={780}
      title={kind === 'privacy' ? t('legal.privacy.title') : t('legal.terms.title')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('legal.understood')}
        </Button>
      }
    >
      {kind ? <LegalText kind={kind} /> : null}
    </Modal>
  );
}
