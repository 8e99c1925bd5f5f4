import {
  Alert,
  Badge,
  Button,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  Timeline,
} from '@mantine/core';
import { useState } from 'react';

import { formErrorsOf } from '@/lib/field-errors';
import { formatDateTime } from '@/lib/format-date-time';

import {
  CONCLUSIONS,
  addNote,
  conclusionColor,
  conclusionLabel,
  concludeFinding,
  type Conclusion,
  type FindingNote,
  type FindingTarget,
} from '../api/findings';

type FindingNotesPanelProps = {
  workspaceId: string;
  sessionId: string;
  target: FindingTarget;
  /** This finding's notes and conclusions, oldest first. */
  notes: FindingNote[];
  /** False once the session is signed off or archived: the history stays readable. */
  editable: boolean;
};

/**
 * A finding's notes and conclusions, newest first, and the form to add one. A changed
 * conclusion is a new entry: the earlier ones stay in the history, struck through.
 */
export function FindingNotesPanel({
  workspaceId,
  sessionId,
  target,
  notes,
  editable,
}: FindingNotesPanelProps) {
  const [mode, setMode] = useState<'conclusion' | 'note'>('conclusion');
  const [conclusion, setConclusion] = useState<Conclusion | null>(null);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const latestConclusion = [...notes].reverse().find((n) => n.kind === 'conclusion');

  const submit = async () => {
    setBusy(true);
    setErrors({});
    try {
      if (mode === 'note') {
        await addNote(workspaceId, sessionId, target, text);
      } else {
        if (!conclusion) {
          setErrors({ conclusion: 'Choose a conclusion.' });
          return;
        }
        await concludeFinding(workspaceId, sessionId, target, conclusion, text);
      }
      setText('');
      setConclusion(null);
    } catch (caught) {
      const found = formErrorsOf(caught);
      if (found) setErrors(found.fields);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm" data-testid="audit-finding-notes">
      {notes.length === 0 ? (
        <Text size="sm" c="dimmed">
          No notes or conclusions yet.
        </Text>
      ) : (
        <Timeline bulletSize={10} lineWidth={1}>
          {[...notes].reverse().map((note) => {
            const superseded = note.kind === 'conclusion' && note !== latestConclusion;
            return (
              <Timeline.Item
                key={note.id}
                title={
                  note.kind === 'conclusion' && note.conclusion ? (
                    <Badge
                      variant={superseded ? 'outline' : 'light'}
                      color={superseded ? 'gray' : conclusionColor(note.conclusion)}
                      radius="sm"
                      size="sm"
                      td={superseded ? 'line-through' : undefined}
                    >
                      {conclusionLabel(note.conclusion)}
                    </Badge>
                  ) : (
                    <Text size="sm" fw={600}>
                      Note
                    </Text>
                  )
                }
              >
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {note.text}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(note.recorded_at)}
                  {note.author_name ? ` · ${note.author_name}` : ''}
                  {superseded ? ' · superseded' : ''}
                </Text>
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
      {editable ? (
        <Stack gap="xs">
          <SegmentedControl
            size="xs"
            value={mode}
            onChange={(value) => setMode(value === 'note' ? 'note' : 'conclusion')}
            data={[
              { value: 'conclusion', label: 'Conclude' },
              { value: 'note', label: 'Add a note' },
            ]}
          />
          {mode === 'conclusion' && (
            <Select
              label="Conclusion"
              placeholder="Choose"
              data={CONCLUSIONS.map((c) => ({ value: c.value, label: c.label }))}
              value={conclusion}
              onChange={(value) => setConclusion(value as Conclusion | null)}
              error={errors['conclusion']}
              comboboxProps={{ withinPortal: false }}
            />
          )}
          <Textarea
            label={mode === 'note' ? 'Note' : 'Rationale'}
            placeholder={
              mode === 'note'
                ? 'Work done, evidence seen, a question asked'
                : 'The evidence and reasoning behind the conclusion'
            }
            autosize
            minRows={2}
            maxRows={6}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={errors['text'] ?? errors['rationale']}
          />
          {errors['target.entry_id'] || errors['target.test'] ? (
            <Alert color="red" variant="light">
              {errors['target.entry_id'] ?? errors['target.test']}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button size="xs" onClick={() => void submit()} loading={busy}>
              {mode === 'note' ? 'Add note' : 'Record conclusion'}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Text size="xs" c="dimmed">
          The session is signed off: its findings' notes and conclusions are final.
        </Text>
      )}
    </Stack>
  );
}
