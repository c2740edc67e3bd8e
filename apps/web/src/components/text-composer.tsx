import { Button, Flex, Form, Input } from 'antd';
import { type KeyboardEvent, useId, useState } from 'react';

interface TextComposerProps {
  label: string;
  sendText: string;
  hint?: string;
  maxLength: number;
  /** Sends the trimmed text; the field clears when it resolves. */
  onSend: (content: string) => Promise<unknown>;
  /** Whether the field holds text not yet sent (its dialog then asks before closing). */
  onDraftChange?: (hasText: boolean) => void;
}

/**
 * A text area with a send button: empty text sends nothing; Ctrl+Enter or
 * ⌘+Enter sends too. Plain text: what is typed is what is shown.
 */
export function TextComposer({ label, sendText, hint, maxLength, onSend, onDraftChange }: TextComposerProps) {
  const id = useId();
  const [text, setTextState] = useState('');
  const setText = (next: string) => {
    setTextState(next);
    onDraftChange?.(next.trim() !== '');
  };
  const [sending, setSending] = useState(false);

  const send = async () => {
    const content = text.trim();
    if (!content || sending) return;
    setSending(true);
    try {
      await onSend(content);
      setText('');
    } catch {
      // The API client has shown the error; the text stays for another try.
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <Form layout="vertical" component={false}>
      <Form.Item label={label} htmlFor={id} extra={hint} style={{ marginBottom: 8 }}>
        <Input.TextArea
          id={id}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          autoSize={{ minRows: 2, maxRows: 6 }}
          maxLength={maxLength}
        />
      </Form.Item>
      <Flex justify="flex-end">
        <Button type="primary" onClick={() => void send()} loading={sending}>
          {sendText}
        </Button>
      </Flex>
    </Form>
  );
}
