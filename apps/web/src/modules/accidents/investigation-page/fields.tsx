import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Col, Flex, Form, Input, Row, Select, Typography, Upload } from 'antd';
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { DOSSIER_KINDS } from '@portal/domain/accidents/rules';
import { toast } from '../../../app/toast.ts';
import { FileLink, uploadFile } from '../../../catalog/FileField.tsx';
import type { TeamMemberBody } from '../api.ts';
import { errorText } from '../ui.tsx';

type DossierKind = (typeof DOSSIER_KINDS)[number];

export interface FileRow {
  kind: DossierKind;
  fileId: string;
  fileName: string;
  note: string | null;
}

/** The team of an investigation, a row per member. */
export function TeamFields() {
  const { t } = useTranslation('accidents');
  return (
    <Form.List name="team">
      {(fields, { add, remove }) => (
        <>
          {fields.map((f) => (
            <Row gutter={8} key={f.key} align="top">
              <Col xs={24} md={8}>
                <Form.Item
                  name={[f.name, 'name']}
                  rules={[{ required: true, min: 2, whitespace: true, message: t('validation.memberName') }]}
                >
                  <Input placeholder={t('investigations.memberName')} aria-label={t('investigations.memberName')} />
                </Form.Item>
              </Col>
              <Col xs={24} md={6}>
                <Form.Item name={[f.name, 'role']}>
                  <Input placeholder={t('investigations.memberRole')} aria-label={t('investigations.memberRole')} />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name={[f.name, 'organisation']}>
                  <Input
                    placeholder={t('investigations.memberOrganisation')}
                    aria-label={t('investigations.memberOrganisation')}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={2}>
                <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label="x" />
              </Col>
            </Row>
          ))}
          <Button
            icon={<PlusOutlined />}
            onClick={() => add({ name: '', role: null, organisation: null })}
            style={{ marginBottom: 16 }}
          >
            {t('investigations.addMember')}
          </Button>
        </>
      )}
    </Form.List>
  );
}

/** The team as the API takes it: named members only, empty texts as nulls. */
export const cleanTeam = (team: TeamMemberBody[] | undefined): TeamMemberBody[] =>
  (team ?? [])
    .filter((m) => m?.name?.trim())
    .map((m) => ({ name: m.name.trim(), role: m.role?.trim() || null, organisation: m.organisation?.trim() || null }));

/** The dossier's files: each a kind, the uploaded (secure) file and a note. */
export function DossierFiles({ value, onChange }: { value?: FileRow[]; onChange?: (v: FileRow[]) => void }) {
  const { t } = useTranslation('accidents');
  const rows = value ?? [];
  const [kind, setKind] = useState<DossierKind>(DOSSIER_KINDS[0]);
  const [busy, setBusy] = useState(false);
  return (
    <Flex vertical gap={8} data-testid="dossier-files">
      {rows.map((r, i) => (
        <Flex key={r.fileId} gap={8} align="center" wrap>
          <Typography.Text strong style={{ minWidth: 260 }}>
            {t(`dossierKinds.${r.kind}`)}
          </Typography.Text>
          <FileLink id={r.fileId} name={r.fileName} />
          <Input
            style={{ width: 260 }}
            placeholder={t('investigations.fileNote')}
            value={r.note ?? ''}
            onChange={(e) => onChange?.(rows.map((x, j) => (j === i ? { ...x, note: e.target.value || null } : x)))}
          />
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('form.removeVictim')}
            onClick={() => onChange?.(rows.filter((_x, j) => j !== i))}
          />
        </Flex>
      ))}
      <Flex gap={8} align="center" wrap>
        <Select
          style={{ width: 300 }}
          value={kind}
          onChange={setKind}
          aria-label={t('investigations.fileKind')}
          options={DOSSIER_KINDS.map((k) => ({ value: k, label: t(`dossierKinds.${k}`) }))}
        />
        <Upload
          showUploadList={false}
          customRequest={({ file, onSuccess, onError }) => {
            setBusy(true);
            uploadFile(file as File, () => undefined, { secure: true, fileType: 'accident' })
              .then((stored) => {
                onChange?.([...rows, { kind, fileId: stored.id, fileName: stored.name, note: null }]);
                onSuccess?.(stored);
              })
              .catch((err: unknown) => {
                toast.error(errorText(err));
                onError?.(err as Error);
              })
              .finally(() => setBusy(false));
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy}>
            {t('investigations.addFile')}
          </Button>
        </Upload>
      </Flex>
    </Flex>
  );
}
