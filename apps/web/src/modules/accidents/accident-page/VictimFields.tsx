import { useTranslation } from 'react-i18next';
import { Button, Card, Checkbox, Col, Flex, Form, Input, InputNumber, Row, Select } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { SEVERITIES } from '@portal/domain/accidents/rules';
import { catalogApi } from '../../../catalog/api.ts';
import { ReferenceSelect, TreeReferenceSelect } from '../../../catalog/fields.tsx';
import { catalogByKey } from '../../../catalog/registry.ts';
import { SeverityTag } from '../ui.tsx';
import { classOf, moneyInput, type VictimValues } from './values.ts';

/** One victim's fields; an employer may pick the worker of its register, which fills the person's facts. */
export function VictimFields({
  index,
  onRemove,
  employer,
}: {
  index: number;
  onRemove?: () => void;
  employer: boolean;
}) {
  const { t } = useTranslation('accidents');
  const form = Form.useFormInstance();
  // Inside Form.List the items' names are relative to the list; the form instance wants the full path.
  const name = (field: string) => [index, field];
  const path = (field: string) => ['victims', index, field];
  const pickWorker = async (workerId: string | null) => {
    if (!workerId) return;
    const w = await catalogApi(catalogByKey('worker'))
      .get(workerId)
      .catch(() => null);
    if (!w) return;
    const born = typeof w.birthDate === 'string' ? Number(w.birthDate.slice(0, 4)) : null;
    const current = form.getFieldValue(['victims', index]) as VictimValues;
    form.setFieldValue(['victims', index], {
      ...current,
      fullName: String(w.fullName ?? current.fullName ?? ''),
      female: w.sex === 'female',
      birthYear: born,
      occupationId: (w.occupationId as string | null | undefined) ?? current.occupationId,
      underManagement: true,
    });
  };
  return (
    <Card
      size="small"
      type="inner"
      title={t('form.victimN', { n: index + 1 })}
      style={{ marginBottom: 12 }}
      extra={
        onRemove && (
          <Button type="text" danger icon={<DeleteOutlined />} onClick={onRemove} aria-label={t('form.removeVictim')}>
            {t('form.removeVictim')}
          </Button>
        )
      }
      data-testid={`victim-${index}`}
    >
      <Row gutter={12}>
        {employer && (
          <Col xs={24} md={12}>
            <Form.Item name={name('workerId')} label={t('fields.victim.worker')}>
              <ReferenceSelect
                target={catalogByKey('worker')}
                id={`victims_${index}_workerId`}
                placeholder={t('form.pickWorker')}
                onChange={(v) => {
                  form.setFieldValue(path('workerId'), v);
                  void pickWorker(v);
                }}
              />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={employer ? 12 : 16}>
          <Form.Item
            name={name('fullName')}
            label={t('fields.victim.fullName')}
            rules={[{ required: true, min: 2, whitespace: true, message: t('validation.victimName') }]}
          >
            <Input maxLength={200} id={`victims_${index}_fullName`} />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name={name('birthYear')} label={t('fields.victim.birthYear')}>
            <InputNumber min={1900} max={2100} style={{ width: '100%' }} id={`victims_${index}_birthYear`} />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name={name('female')} label=" " valuePropName="checked">
            <Checkbox id={`victims_${index}_female`}>{t('fields.victim.female')}</Checkbox>
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name={name('occupationId')} label={t('fields.victim.occupation')}>
            <TreeReferenceSelect target={catalogByKey('typeOfProfession')} id={`victims_${index}_occupationId`} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name={name('injuryTypeId')} label={t('fields.victim.injuryType')}>
            <ReferenceSelect target={catalogByKey('injuryReason')} id={`victims_${index}_injuryTypeId`} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name={name('bodyPart')} label={t('fields.victim.bodyPart')}>
            <Input maxLength={200} id={`victims_${index}_bodyPart`} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name={name('severity')} label={t('fields.victim.severity')} rules={[{ required: true }]}>
            <Select
              id={`victims_${index}_severity`}
              options={SEVERITIES.map((s) => ({ value: s, label: t(`victimSeverities.${s}`) }))}
            />
          </Form.Item>
        </Col>
        {/* Only an employer's worker can be under its management; a commune's victims have no contract. */}
        {employer && (
          <Col xs={24} md={8}>
            <Form.Item name={name('underManagement')} label=" " valuePropName="checked">
              <Checkbox id={`victims_${index}_underManagement`}>{t('fields.victim.underManagement')}</Checkbox>
            </Form.Item>
          </Col>
        )}
        <Col xs={12} md={8}>
          <Form.Item name={name('daysOff')} label={t('fields.victim.daysOff')}>
            <InputNumber min={0} max={100000} style={{ width: '100%' }} id={`victims_${index}_daysOff`} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name={name('medicalCost')} label={t('fields.victim.medicalCost')}>
            <InputNumber {...moneyInput} id={`victims_${index}_medicalCost`} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name={name('wageCost')} label={t('fields.victim.wageCost')}>
            <InputNumber {...moneyInput} id={`victims_${index}_wageCost`} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name={name('compensationCost')} label={t('fields.victim.compensationCost')}>
            <InputNumber {...moneyInput} id={`victims_${index}_compensationCost`} />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}

/** The accident's class from the victims being edited, as the form shows it. */
export function AccidentClass({ victims }: { victims: unknown }) {
  const { t } = useTranslation('accidents');
  const severity = classOf(victims);
  return (
    <Flex gap={8} align="center" data-testid="accident-class">
      {t('form.classNote', { severity: t(`severities.${severity}`) })}
      <SeverityTag severity={severity} />
    </Flex>
  );
}
