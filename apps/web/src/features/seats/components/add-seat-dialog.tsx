import { MemberKind } from '@koma/shared/constants';
import { Form, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInviteSeat } from '../api/invite-seat';
import { useSeatPeople } from '../api/seat-people';

interface SeatValues {
  userId?: number;
  seat?: number;
}

/** The editor account found by nickname (editor accounts only: a seat is an editor's). */
function EditorSelect({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const [words, setWords] = useState('');
  const people = useSeatPeople(projectId, words);
  return (
    <Form.Item
      name="userId"
      label={t('seats.person')}
      extra={t('seats.personHint')}
      rules={[{ required: true, message: t('seats.personRequired') }]}
    >
      <Select<number>
        showSearch
        filterOption={false}
        onSearch={setWords}
        loading={people.isFetching}
        placeholder={t('seats.personPlaceholder')}
        notFoundContent={words.trim() === '' ? null : t('seats.noPeople')}
        options={(people.data ?? []).map((p) => ({ value: p.id, label: p.nickname }))}
      />
    </Form.Item>
  );
}

/**
 * 編集の席を追加: an editor account and the seat, 副担当 or 編集長 (docs/access.md, "Editorial
 * seats"). The person accepts the invitation; on a refusal the dialog stays open with the
 * server's words.
 */
export function AddSeatDialog({
  projectId,
  open,
  onClose,
}: {
  projectId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SeatValues>();
  const invite = useInviteSeat();

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values?.userId || !values.seat) return;
    try {
      await invite.mutateAsync({ projectId, userId: values.userId, seat: values.seat });
      onClose();
    } catch {
      // The API client has shown the server's message.
    }
  };

  return (
    <Modal
      open={open}
      title={t('seats.addTitle')}
      width={520}
      okText={t('seats.send')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: invite.isPending }}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="add-seat" preserve={false}>
        <EditorSelect projectId={projectId} />
        <Form.Item name="seat" label={t('seats.seat')} initialValue={MemberKind.DEPUTY}>
          <Radio.Group
            className="koma-seat-choice"
            options={[
              { value: MemberKind.DEPUTY, label: t('seats.deputy') },
              { value: MemberKind.CHIEF, label: t('seats.chief') },
            ]}
          />
        </Form.Item>
        <p className="koma-muted">{t('seats.rights')}</p>
      </Form>
    </Modal>
  );
}
