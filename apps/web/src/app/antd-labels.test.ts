import { describe, expect, it } from 'vitest';
import { translate } from '@portal/domain/i18n';
import { localAntdLabel } from './antd-labels.ts';

const vi = (key: string, options?: Record<string, unknown>) =>
  translate('vi', key, options as Record<string, string | number> | undefined);

describe("Ant Design's English accessible names", () => {
  it('are said in the interface language', () => {
    expect(localAntdLabel('Clear', vi)).toBe('Xóa lựa chọn');
    expect(localAntdLabel('Select all', vi)).toBe('Chọn tất cả');
    expect(localAntdLabel('Select row 12', vi)).toBe('Chọn dòng 12');
    expect(localAntdLabel('Row 3 selected', vi)).toBe('Đã chọn dòng 3');
  });

  it('leaves every other label alone', () => {
    expect(localAntdLabel('Tìm kiếm', vi)).toBeNull();
    expect(localAntdLabel('Select row', vi)).toBeNull();
    expect(localAntdLabel('Row 3', vi)).toBeNull();
  });
});
