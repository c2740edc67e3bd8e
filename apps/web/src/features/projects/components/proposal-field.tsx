import { PaperClipOutlined } from '@ant-design/icons';
import { UploadType } from '@koma/shared/constants';
import { Button, Flex, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { UploadButton } from '../../../components/upload/upload-button';

interface ProposalFieldProps {
  /** Set by Form.Item: its label points at the file input. */
  id?: string;
  /** The uploaded path ('' for none). */
  value?: string;
  onChange?: (path: string) => void;
}

/** The optional proposal file (upload type 4, at most 100MB); its name goes to `proposalfile`. */
export function ProposalField({ id, value, onChange }: ProposalFieldProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const fileName = Form.useWatch('proposalfile', form) as string | undefined;
  return (
    <Flex vertical gap={8} align="flex-start">
      {value ? (
        <Flex gap={8} align="center" wrap>
          <PaperClipOutlined aria-hidden="true" />
          <span className="koma-prewrap">{fileName || value}</span>
          <Button
            type="link"
            danger
            style={{ paddingInline: 0 }}
            onClick={() => {
              onChange?.('');
              form.setFieldValue('proposalfile', '');
            }}
          >
            {t('project.form.removeProposal')}
          </Button>
        </Flex>
      ) : null}
      <UploadButton
        id={id}
        uploadType={UploadType.FILE}
        kind="file"
        buttonText={value ? t('project.form.changeProposal') : t('project.form.chooseProposal')}
        onUploaded={(data) => {
          form.setFieldValue('proposalfile', data.filename);
          onChange?.(data.path);
        }}
      />
    </Flex>
  );
}
