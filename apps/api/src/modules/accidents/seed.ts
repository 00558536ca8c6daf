import { sql } from 'kysely';
import {
  accidentSeverity,
  investigationClass,
  victimCounts,
  vietnamMoment,
  type Severity,
} from '@portal/domain/accidents/rules';
import { addDays } from '@portal/domain/permits/rules';
import type { Db } from '../../db/database.ts';
import { clock } from '../../platform/clock/index.ts';
import type { SeedStep } from '../../seed/step.ts';
import { DEMO_BUSINESSES, DEMO_UNITS } from '../accounts/index.ts';
import { ensureEmployerUnit } from '../businesses/index.ts';
import { callerOf } from './access.ts';
import { deadlineFor } from './investigations.ts';
import { accidentsReferenceStep } from './reference.ts';
import { routeAccident, type AccidentCtx } from './service.ts';
import { withAccidents } from './tables.ts';

export { accidentsReferenceStep };

/**
 * The demo province's workplace accidents over the last three years: the two demo employers' and a few other
 * employers' accidents of every class (a fall from a roof, electric shock in a greenhouse, a scaffold collapse,
 * a landslide in a quarry, a road accident on the way to work, a gas cylinder explosion…), a commune's declaration
 * for a worker without a contract, victims with occupations, days off and costs; investigations concluded, open,
 * extended and overdue, a declaration returned for completion, one amended. Dates are relative to the day the demo
 * is seeded, receipt numbers taken from the yearly counter in date order. Written once (a marker remembers it).
 */
const MARKER = 'accidents.seeded.demo';

interface DemoVictim {
  name: string;
  female?: boolean;
  born: number;
  occupation: string;
  injury: string;
  bodyPart: string;
  severity: Severity;
  daysOff: number;
  medical: number;
  wage: number;
  compensation: number;
  outside?: boolean;
  /** Link the victim to a worker of the employer's register (the n-th, by name). */
  worker?: number;
}

interface DemoAccident {
  /** 'demo:0' / 'demo:1': the demo employers; 'other:n': the n-th other active employer; 'commune:0'. */
  by: string;
  daysAgo: number;
  hour: number;
  place: string;
  description: string;
  reason: string;
  element: string;
  allowance?: boolean;
  property?: number;
  other?: number;
  reporter: [string, string];
  victims: DemoVictim[];
  returned?: string;
  amend?: { reason: string; medicalDelta: number };
  investigation?: {
    openedAfter: number;
    expert?: boolean;
    extend?: { days: number; reason: string };
    concludeAfter?: number;
    conclusions?: string;
    measures?: string;
  };
}

const TEAM = [
  { name: 'Nguyễn Thị Lan', role: 'Trưởng đoàn', organisation: 'Sở Nội vụ tỉnh Lâm Đồng' },
  { name: 'Lê Quốc Hùng', role: 'Thành viên', organisation: 'Thanh tra Sở Nội vụ' },
  { name: 'Phan Văn Khải', role: 'Thành viên', organisation: 'Công an tỉnh Lâm Đồng' },
  { name: 'Đỗ Thị Thu Hằng', role: 'Thành viên', organisation: 'Liên đoàn Lao động tỉnh Lâm Đồng' },
];

const ACCIDENTS: DemoAccident[] = [
  {
    by: 'demo:0',
    daysAgo: 40,
    hour: 9,
    place: 'Mái kho sấy cà phê, lô B, nhà máy chế biến Cầu Đất',
    description:
      'Khi sửa chữa mái tôn kho sấy, người lao động bước lên tấm tôn nhựa lấy sáng bị vỡ, rơi từ độ cao khoảng 7 m xuống nền bê tông. Người lao động không đeo dây an toàn; đã sơ cứu và chuyển Bệnh viện Đa khoa tỉnh Lâm Đồng nhưng tử vong trên đường đi cấp cứu.',
    reason: 'NN02',
    element: 'YT02',
    property: 4_500_000,
    other: 12_000_000,
    reporter: ['Lê Thị Hồng', '0263 3821 456'],
    victims: [
      {
        name: 'Nguyễn Văn Tâm',
        born: 1987,
        occupation: '71',
        injury: 'CT01',
        bodyPart: 'Đầu, cột sống cổ',
        severity: 'fatal',
        daysOff: 0,
        medical: 8_500_000,
        wage: 0,
        compensation: 210_000_000,
        worker: 0,
      },
    ],
    amend: { reason: 'Bổ sung chi phí cấp cứu, vận chuyển theo hóa đơn của bệnh viện', medicalDelta: 3_200_000 },
    investigation: { openedAfter: 1 },
  },
  {
    by: 'demo:1',
    daysAgo: 100,
    hour: 14,
    place: 'Nhà kính số 3, khu sản xuất hoa Lạc Dương',
    description:
      'Người lao động chạm vào vỏ tủ điện máy bơm tưới bị rò điện do dây dẫn hở cách điện trong môi trường ẩm ướt, bị điện giật ngã xuống, được đồng nghiệp ngắt cầu dao và sơ cứu kịp thời.',
    reason: 'NN06',
    element: 'YT01',
    property: 2_000_000,
    reporter: ['Võ Đức Thịnh', '0263 3822 789'],
    victims: [
      {
        name: 'Trần Thị Mai',
        female: true,
        born: 1995,
        occupation: '61',
        injury: 'CT05',
        bodyPart: 'Tay phải, ngực',
        severity: 'serious',
        daysOff: 45,
        medical: 28_500_000,
        wage: 9_000_000,
        compensation: 15_000_000,
        worker: 0,
      },
    ],
    investigation: {
      openedAfter: 1,
      concludeAfter: 6,
      conclusions:
        'Nguyên nhân: hệ thống điện nhà kính không được kiểm tra định kỳ, dây dẫn hở cách điện, tủ điện không nối đất. Người sử dụng lao động chịu trách nhiệm chính.',
      measures:
        'Thay toàn bộ dây dẫn, lắp thiết bị chống dòng rò và nối đất vỏ tủ điện; kiểm tra điện nhà kính 3 tháng một lần; huấn luyện an toàn điện cho người lao động nhóm 3.',
    },
  },
  {
    by: 'demo:1',
    daysAgo: 20,
    hour: 10,
    place: 'Xưởng sơ chế rau, khu đóng gói',
    description:
      'Người lao động dùng tay gạt rau mắc kẹt trong máy cắt khi máy chưa dừng hẳn, bị lưỡi dao cắt vào ngón tay.',
    reason: 'NN07',
    element: 'YT04',
    reporter: ['Võ Đức Thịnh', '0263 3822 789'],
    victims: [
      {
        name: 'Phạm Thị Ngọc Ánh',
        female: true,
        born: 2001,
        occupation: '75',
        injury: 'CT09',
        bodyPart: 'Ngón trỏ tay trái',
        severity: 'light',
        daysOff: 7,
        medical: 2_300_000,
        wage: 1_750_000,
        compensation: 0,
        worker: 1,
      },
    ],
  },
  {
    by: 'other:0',
    daysAgo: 400,
    hour: 8,
    place: 'Công trình nhà xưởng, cụm công nghiệp Lộc Sơn',
    description:
      'Giàn giáo bao che tầng 2 bị sập do chân giàn đặt trên nền đất yếu sau mưa, không có giằng neo; hai công nhân đang trát tường rơi cùng giàn giáo.',
    reason: 'NN01',
    element: 'YT03',
    property: 35_000_000,
    reporter: ['Hoàng Minh Đức', '0913 245 118'],
    victims: [
      {
        name: 'Lương Văn Hải',
        born: 1990,
        occupation: '71',
        injury: 'CT03',
        bodyPart: 'Chân trái',
        severity: 'serious',
        daysOff: 90,
        medical: 46_000_000,
        wage: 21_000_000,
        compensation: 38_000_000,
      },
      {
        name: 'K’ Brơi',
        born: 1998,
        occupation: '93',
        injury: 'CT02',
        bodyPart: 'Cột sống thắt lưng',
        severity: 'serious',
        daysOff: 120,
        medical: 62_000_000,
        wage: 24_000_000,
        compensation: 55_000_000,
        outside: true,
      },
    ],
    investigation: {
      openedAfter: 1,
      concludeAfter: 18,
      conclusions:
        'Giàn giáo lắp dựng không theo biện pháp thi công được duyệt, không có giằng neo, không kiểm tra trước ca. Nhà thầu chịu trách nhiệm; người lao động không thuộc biên chế được thuê theo ngày.',
      measures:
        'Tạm dừng thi công phần giàn giáo, lập lại biện pháp thi công; kiểm tra giàn giáo trước mỗi ca; xử phạt vi phạm hành chính theo quy định.',
    },
  },
  {
    by: 'other:1',
    daysAgo: 560,
    hour: 15,
    place: 'Mỏ đá xây dựng, khai trường phía Tây',
    description:
      'Sạt lở tầng khai thác sau đợt mưa kéo dài, đất đá vùi lấp máy xúc và hai công nhân đang làm việc dưới chân tầng.',
    reason: 'NN05',
    element: 'YT11',
    property: 420_000_000,
    other: 25_000_000,
    reporter: ['Trịnh Văn Sơn', '0918 774 552'],
    victims: [
      {
        name: 'Y Thanh Niê',
        born: 1984,
        occupation: '81',
        injury: 'CT10',
        bodyPart: 'Toàn thân',
        severity: 'fatal',
        daysOff: 0,
        medical: 6_000_000,
        wage: 0,
        compensation: 250_000_000,
      },
      {
        name: 'Đinh Công Thành',
        born: 1993,
        occupation: '93',
        injury: 'CT03',
        bodyPart: 'Xương chậu',
        severity: 'serious',
        daysOff: 150,
        medical: 85_000_000,
        wage: 30_000_000,
        compensation: 70_000_000,
      },
    ],
    investigation: {
      openedAfter: 0,
      expert: true,
      concludeAfter: 52,
      conclusions:
        'Theo kết quả giám định kỹ thuật, góc dốc sườn tầng vượt thiết kế, không có quan trắc dịch động bờ mỏ, vẫn khai thác khi có cảnh báo mưa lớn. Giám đốc điều hành mỏ chịu trách nhiệm.',
      measures:
        'Đình chỉ khai thác khu vực sạt lở; lập lại thiết kế bờ mỏ; lắp mốc quan trắc; chuyển hồ sơ sang cơ quan điều tra xem xét dấu hiệu tội phạm.',
    },
  },
  {
    by: 'demo:0',
    daysAgo: 200,
    hour: 6,
    place: 'Quốc lộ 20, đoạn đèo Prenn (trên đường đi làm)',
    description:
      'Trên tuyến đường đi làm thường xuyên, người lao động điều khiển xe máy bị xe tải đi ngược chiều lấn làn va chạm, tử vong tại chỗ. Công an đã lập biên bản tai nạn giao thông.',
    reason: 'NN10',
    element: 'YT10',
    allowance: true,
    reporter: ['Lê Thị Hồng', '0263 3821 456'],
    victims: [
      {
        name: 'Bùi Quang Vinh',
        born: 1979,
        occupation: '83',
        injury: 'CT10',
        bodyPart: 'Đa chấn thương',
        severity: 'fatal',
        daysOff: 0,
        medical: 0,
        wage: 0,
        compensation: 95_000_000,
        worker: 1,
      },
    ],
    investigation: {
      openedAfter: 2,
      concludeAfter: 25,
      conclusions:
        'Tai nạn giao thông trên tuyến đường đi làm hợp lý, do người điều khiển xe tải vi phạm; được hưởng chế độ như tai nạn lao động theo Điều 39 khoản 2 Luật ATVSLĐ.',
      measures: 'Doanh nghiệp chi trả trợ cấp, phối hợp cơ quan bảo hiểm xã hội giải quyết chế độ cho thân nhân.',
    },
  },
  {
    by: 'other:2',
    daysAgo: 300,
    hour: 11,
    place: 'Xưởng chế biến thực phẩm, khu nấu',
    description: 'Nồi nấu nước dùng bị trào khi tháo nắp, nước sôi bắn vào tay và chân người lao động.',
    reason: 'NN08',
    element: 'YT09',
    reporter: ['Nguyễn Thị Hạnh', '0905 331 207'],
    victims: [
      {
        name: 'Hà Thị Thu',
        female: true,
        born: 1989,
        occupation: '75',
        injury: 'CT04',
        bodyPart: 'Cẳng tay, bàn chân phải',
        severity: 'light',
        daysOff: 12,
        medical: 5_400_000,
        wage: 3_600_000,
        compensation: 2_000_000,
      },
    ],
  },
  {
    by: 'other:3',
    daysAgo: 3,
    hour: 16,
    place: 'Kho thành phẩm, khu xếp dỡ',
    description:
      'Xe nâng lùi khi đang xếp pallet, người điều khiển không quan sát phía sau, đè vào chân người lao động đang kiểm đếm hàng.',
    reason: 'NN04',
    element: 'YT04',
    reporter: ['Lâm Quốc Bảo', '0977 600 421'],
    victims: [
      {
        name: 'Đặng Văn Lộc',
        born: 1992,
        occupation: '93',
        injury: 'CT03',
        bodyPart: 'Bàn chân phải',
        severity: 'serious',
        daysOff: 30,
        medical: 18_000_000,
        wage: 7_500_000,
        compensation: 0,
      },
    ],
    investigation: { openedAfter: 0 },
  },
  {
    by: 'commune:0',
    daysAgo: 25,
    hour: 13,
    place: 'Nhà dân đang xây dựng, tổ dân phố 4',
    description:
      'Thợ phụ hồ làm thuê theo ngày, không có hợp đồng lao động, ngã từ sàn tầng 3 chưa có lan can xuống đất; gia đình báo UBND phường.',
    reason: 'NN03',
    element: 'YT02',
    reporter: ['Trần Văn Minh', '0263 3822 101'],
    victims: [
      {
        name: 'Cao Văn Thương',
        born: 1975,
        occupation: '93',
        injury: 'CT01',
        bodyPart: 'Đầu',
        severity: 'fatal',
        daysOff: 0,
        medical: 12_000_000,
        wage: 0,
        compensation: 0,
        outside: true,
      },
    ],
  },
  {
    by: 'demo:1',
    daysAgo: 330,
    hour: 9,
    place: 'Vườn dâu tây, khu phun thuốc',
    description:
      'Hai người lao động phun thuốc bảo vệ thực vật trong nhà màng kín khi quạt thông gió hỏng, không đeo mặt nạ phòng độc, bị chóng mặt, buồn nôn.',
    reason: 'NN02',
    element: 'YT08',
    reporter: ['Võ Đức Thịnh', '0263 3822 789'],
    victims: [
      {
        name: 'Lê Văn Phước',
        born: 1986,
        occupation: '61',
        injury: 'CT06',
        bodyPart: 'Hô hấp',
        severity: 'light',
        daysOff: 3,
        medical: 1_800_000,
        wage: 900_000,
        compensation: 0,
      },
      {
        name: 'Nguyễn Thị Hoa',
        female: true,
        born: 1991,
        occupation: '61',
        injury: 'CT06',
        bodyPart: 'Hô hấp',
        severity: 'light',
        daysOff: 4,
        medical: 2_100_000,
        wage: 1_200_000,
        compensation: 0,
      },
    ],
  },
  {
    by: 'other:4',
    daysAgo: 470,
    hour: 10,
    place: 'Trạm biến áp 22 kV của nhà máy',
    description:
      'Thợ điện vệ sinh sứ cách điện khi chưa cắt điện và tiếp địa đầy đủ, bị phóng điện hồ quang, tử vong tại chỗ.',
    reason: 'NN05',
    element: 'YT01',
    property: 60_000_000,
    reporter: ['Phùng Thanh Tùng', '0942 118 660'],
    victims: [
      {
        name: 'Lò Văn Dũng',
        born: 1983,
        occupation: '74',
        injury: 'CT05',
        bodyPart: 'Toàn thân',
        severity: 'fatal',
        daysOff: 0,
        medical: 3_000_000,
        wage: 0,
        compensation: 240_000_000,
      },
    ],
    investigation: {
      openedAfter: 0,
      concludeAfter: 27,
      conclusions:
        'Không thực hiện phiếu công tác, không cắt điện và tiếp địa trước khi làm việc; người chỉ huy trực tiếp vi phạm quy trình an toàn điện.',
      measures:
        'Kỷ luật người chỉ huy, huấn luyện lại an toàn điện, áp dụng phiếu công tác cho mọi công việc tại trạm.',
    },
  },
  {
    by: 'other:0',
    daysAgo: 690,
    hour: 15,
    place: 'Công trình nhà ở, tầng 5',
    description: 'Công nhân trượt chân ngã qua lỗ thông tầng chưa che chắn, rơi xuống sàn tầng 4.',
    reason: 'NN06',
    element: 'YT02',
    reporter: ['Hoàng Minh Đức', '0913 245 118'],
    victims: [
      {
        name: 'Vũ Đình Khang',
        born: 1997,
        occupation: '71',
        injury: 'CT03',
        bodyPart: 'Cánh tay phải',
        severity: 'serious',
        daysOff: 60,
        medical: 32_000_000,
        wage: 14_000_000,
        compensation: 20_000_000,
      },
    ],
    investigation: {
      openedAfter: 1,
      concludeAfter: 6,
      conclusions: 'Lỗ thông tầng không được che chắn, không có biển cảnh báo; đơn vị thi công chịu trách nhiệm.',
      measures: 'Che chắn, lắp lan can tạm mọi lỗ mở sàn; kiểm tra an toàn hằng ngày trước khi thi công.',
    },
  },
  {
    by: 'demo:0',
    daysAgo: 5,
    hour: 15,
    place: 'Xưởng rang cà phê',
    description: 'Người lao động bị bỏng nhẹ ở tay khi lấy mẫu cà phê từ lồng rang đang nóng.',
    reason: 'NN08',
    element: 'YT09',
    reporter: ['Lê Thị Hồng', '0263 3821 456'],
    victims: [
      {
        name: 'Hồ Thị Yến',
        female: true,
        born: 1999,
        occupation: '75',
        injury: 'CT04',
        bodyPart: 'Bàn tay trái',
        severity: 'light',
        daysOff: 2,
        medical: 0,
        wage: 0,
        compensation: 0,
      },
    ],
    returned:
      'Bổ sung chi phí y tế, tiền lương những ngày nghỉ điều trị và nguyên nhân theo biên bản của tổ điều tra cơ sở.',
  },
  {
    by: 'other:5',
    daysAgo: 15,
    hour: 7,
    place: 'Xưởng chế biến gỗ, máy bào',
    description:
      'Áo người lao động bị cuốn vào trục truyền động không có bao che của máy bào cuốn, kéo người vào máy; tử vong tại bệnh viện.',
    reason: 'NN01',
    element: 'YT04',
    property: 8_000_000,
    reporter: ['Mai Xuân Trường', '0968 220 943'],
    victims: [
      {
        name: 'Ksor Y Bình',
        born: 2000,
        occupation: '81',
        injury: 'CT10',
        bodyPart: 'Ngực, tay trái',
        severity: 'fatal',
        daysOff: 0,
        medical: 41_000_000,
        wage: 0,
        compensation: 200_000_000,
      },
    ],
  },
  {
    by: 'other:2',
    daysAgo: 150,
    hour: 9,
    place: 'Khu máy nghiền nguyên liệu',
    description: 'Mảnh kim loại lẫn trong nguyên liệu văng ra khi máy nghiền hoạt động, trúng mặt người lao động.',
    reason: 'NN02',
    element: 'YT05',
    reporter: ['Nguyễn Thị Hạnh', '0905 331 207'],
    victims: [
      {
        name: 'Trương Văn Nam',
        born: 1994,
        occupation: '81',
        injury: 'CT09',
        bodyPart: 'Mặt, mắt trái',
        severity: 'light',
        daysOff: 10,
        medical: 6_800_000,
        wage: 3_000_000,
        compensation: 0,
      },
    ],
  },
  {
    by: 'other:3',
    daysAgo: 60,
    hour: 11,
    place: 'Nhà bếp tập thể của công ty',
    description:
      'Bình gas 45 kg rò rỉ tại van, gặp lửa bếp gây cháy nổ; hai người lao động nhà bếp bị bỏng nặng, cháy một phần nhà bếp.',
    reason: 'NN01',
    element: 'YT06',
    property: 150_000_000,
    reporter: ['Lâm Quốc Bảo', '0977 600 421'],
    victims: [
      {
        name: 'Lê Thị Kim Oanh',
        female: true,
        born: 1980,
        occupation: '5',
        injury: 'CT04',
        bodyPart: 'Mặt, hai tay',
        severity: 'serious',
        daysOff: 75,
        medical: 120_000_000,
        wage: 18_000_000,
        compensation: 60_000_000,
      },
      {
        name: 'Phan Thị Lệ',
        female: true,
        born: 1987,
        occupation: '5',
        injury: 'CT04',
        bodyPart: 'Hai chân',
        severity: 'serious',
        daysOff: 50,
        medical: 76_000_000,
        wage: 12_000_000,
        compensation: 35_000_000,
      },
    ],
    investigation: {
      openedAfter: 1,
      extend: { days: 15, reason: 'Chờ kết quả giám định nguyên nhân rò rỉ van bình gas của cơ quan chuyên môn.' },
    },
  },
];

const at = (today: string, daysAgo: number, hour: number): Date =>
  new Date(`${addDays(today, -daysAgo)}T${String(hour).padStart(2, '0')}:15:00+07:00`);

async function idsByCode(db: Db, table: string): Promise<Map<string, string>> {
  const rows = await sql<{ id: string; code: string }>`select id, code from ${sql.table(table)}
    where deleted_at is null`.execute(db);
  return new Map(rows.rows.map((r) => [r.code, r.id]));
}

interface Declarant {
  businessId: string | null;
  unitId: string;
  wardId: string;
  workers: string[];
}

async function declarants(db: Db): Promise<Map<string, Declarant>> {
  const out = new Map<string, Declarant>();
  const workersOf = async (businessId: string) =>
    (
      await sql<{ id: string }>`select id from worker where business_id = ${businessId} and deleted_at is null
        order by full_name, id limit 5`.execute(db)
    ).rows.map((r) => r.id);
  for (const [i, demo] of DEMO_BUSINESSES.entries()) {
    const b = await sql<{ id: string; ward_code: string | null }>`select id, ward_code from business
      where lower(code) = ${demo.code}`.execute(db);
    const row = b.rows[0];
    if (!row) continue;
    out.set(`demo:${i}`, {
      businessId: row.id,
      unitId: await ensureEmployerUnit(db, row.id),
      wardId: row.ward_code ?? demo.wardCode,
      workers: await workersOf(row.id),
    });
  }
  const demoCodes = DEMO_BUSINESSES.map((d) => d.code);
  const others = await sql<{ id: string; ward_code: string }>`select b.id, b.ward_code from business b
    join admin_unit w on w.id = b.ward_code and w.level = 'ward'
    where b.status = 'active' and not (lower(b.code) = any(${sql.val(demoCodes)}::text[]))
    order by b.code limit 6`.execute(db);
  for (const [i, row] of others.rows.entries())
    out.set(`other:${i}`, {
      businessId: row.id,
      unitId: await ensureEmployerUnit(db, row.id),
      wardId: row.ward_code,
      workers: [],
    });
  const commune = DEMO_UNITS.districts[0]!;
  const unit = await sql<{ id: string }>`select id from unit where lower(code) = lower(${commune.code})
    and deleted_at is null`.execute(db);
  if (unit.rows[0])
    out.set('commune:0', { businessId: null, unitId: unit.rows[0].id, wardId: commune.localUnitCode, workers: [] });
  return out;
}

async function seedDemo(db: Db, log: Parameters<SeedStep['run']>[0]['log']): Promise<void> {
  const done = await sql<{ key: string }>`select key from app_setting where key = ${MARKER}`.execute(db);
  if (done.rows.length) return;
  const today = clock.today();
  const who = await declarants(db);
  const reasons = await idsByCode(db, 'accident_reason');
  const elements = await idsByCode(db, 'injury_element');
  const injuries = await idsByCode(db, 'injury_reason');
  const occupations = await idsByCode(db, 'type_of_profession');
  const officer = await sql<{ id: string; unit_id: string; full_name: string }>`select u.id, u.unit_id, u.full_name
    from app_user u join unit un on un.id = u.unit_id
    where un.kind = 'department' and u.deleted_at is null and u.user_name = 'canbo.so'`.execute(db);
  const investigator = officer.rows[0] ?? null;
  const dated = ACCIDENTS.map((a) => ({ a, occurred: at(today, a.daysAgo, a.hour) }))
    .filter(({ a }) => who.has(a.by))
    .sort((x, y) => x.occurred.getTime() - y.occurred.getTime());
  let count = 0;
  await db.transaction().execute(async (trx) => {
    const t = withAccidents(trx);
    for (const { a, occurred } of dated) {
      const d = who.get(a.by)!;
      const notifiedAt = new Date(occurred.getTime() + 90 * 60_000);
      const notified = vietnamMoment(notifiedAt);
      const year = Number(notified.isoDate.slice(0, 4));
      const counter = await sql<{ last: number }>`insert into accident_counter (year, last) values (${year}, 1)
        on conflict (year) do update set last = accident_counter.last + 1 returning last`.execute(trx);
      const sequence = Number(counter.rows[0]!.last);
      const code = `${String(sequence).padStart(4, '0')}/${year}/TNLĐ`;
      const victims = a.victims.map((v, i) => ({
        position: i,
        worker_id: v.worker !== undefined ? (d.workers[v.worker] ?? null) : null,
        full_name: v.name,
        female: !!v.female,
        birth_year: v.born,
        occupation_id: occupations.get(v.occupation) ?? null,
        injury_type_id: injuries.get(v.injury) ?? null,
        body_part: v.bodyPart,
        severity: v.severity,
        under_management: !v.outside,
        days_off: v.daysOff,
        medical_cost: v.medical,
        wage_cost: v.wage,
        compensation_cost: v.compensation,
      }));
      const counts = victimCounts(a.victims);
      const severity = accidentSeverity(a.victims);
      const inserted = await t
        .insertInto('accident')
        .values({
          code,
          code_year: year,
          code_sequence: sequence,
          business_id: d.businessId,
          ward_id: d.wardId,
          declared_by_unit_id: d.unitId,
          declarant_kind: d.businessId ? 'employer' : 'commune',
          occurred_at: occurred,
          place: a.place,
          description: a.description,
          severity,
          victim_count: counts.victimCount,
          death_count: counts.deathCount,
          serious_count: counts.seriousCount,
          accident_reason_id: reasons.get(a.reason) ?? null,
          injury_element_id: elements.get(a.element) ?? null,
          allowance_case: !!a.allowance,
          property_damage: a.property ?? 0,
          other_cost: a.other ?? 0,
          reporter_name: a.reporter[0],
          reporter_phone: a.reporter[1],
          status: a.returned ? 'returned' : 'declared',
          return_reason: a.returned ?? null,
          notified_at: notifiedAt,
          version: 1,
          created_at: notifiedAt,
          updated_at: notifiedAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t
        .insertInto('accident_victim')
        .values(victims.map((v) => ({ ...v, accident_id: inserted.id })))
        .execute();
      const snapshot = (medicalDelta: number) => ({
        occurredAt: occurred.toISOString(),
        wardId: d.wardId,
        place: a.place,
        description: a.description,
        severity,
        accidentReasonId: reasons.get(a.reason) ?? null,
        injuryElementId: elements.get(a.element) ?? null,
        allowanceCase: !!a.allowance,
        propertyDamage: a.property ?? 0,
        otherCost: a.other ?? 0,
        reporterName: a.reporter[0],
        reporterPhone: a.reporter[1],
        victims: victims.map((v, i) => ({
          workerId: v.worker_id,
          fullName: v.full_name,
          female: v.female,
          birthYear: v.birth_year,
          occupationId: v.occupation_id,
          injuryTypeId: v.injury_type_id,
          bodyPart: v.body_part,
          severity: v.severity,
          underManagement: v.under_management,
          daysOff: v.days_off,
          medicalCost: v.medical_cost + (i === 0 ? medicalDelta : 0),
          wageCost: v.wage_cost,
          compensationCost: v.compensation_cost,
        })),
      });
      await t
        .insertInto('accident_version')
        .values({
          accident_id: inserted.id,
          version: 1,
          snapshot: JSON.stringify(snapshot(0)),
          changed_by_name: a.reporter[0],
          reason: null,
          at: notifiedAt,
        })
        .execute();
      const ctx: AccidentCtx = {
        db,
        request: null,
        caller: callerOf(null),
        lang: 'vi',
        now: notifiedAt,
        today: notified.isoDate,
      };
      await routeAccident(trx, ctx, inserted.id);
      if (a.amend) {
        const amendedAt = new Date(notifiedAt.getTime() + 2 * 86_400_000);
        await t
          .updateTable('accident_victim')
          .set({ medical_cost: victims[0]!.medical_cost + a.amend.medicalDelta })
          .where('accident_id', '=', inserted.id)
          .where('position', '=', 0)
          .execute();
        await t
          .updateTable('accident')
          .set({ version: 2, updated_at: amendedAt })
          .where('id', '=', inserted.id)
          .execute();
        await t
          .insertInto('accident_version')
          .values({
            accident_id: inserted.id,
            version: 2,
            snapshot: JSON.stringify(snapshot(a.amend.medicalDelta)),
            changed_by_name: a.reporter[0],
            reason: a.amend.reason,
            at: amendedAt,
          })
          .execute();
      }
      if (a.investigation) {
        const inv = a.investigation;
        const cls = investigationClass(counts, !!inv.expert);
        const deadline = await deadlineFor(trx, cls, notified.isoDate);
        const openedAt = new Date(notifiedAt.getTime() + inv.openedAfter * 86_400_000);
        const dueOn = inv.extend ? addDays(deadline.dueOn, inv.extend.days) : deadline.dueOn;
        const concluded = inv.concludeAfter !== undefined ? addDays(notified.isoDate, inv.concludeAfter) : null;
        await t
          .insertInto('accident_investigation')
          .values({
            accident_id: inserted.id,
            lead_unit_id: investigator?.unit_id ?? null,
            notified_on: notified.isoDate,
            deadline_rule: deadline.rule,
            deadline_code: deadline.code,
            deadline_days: deadline.days,
            legal_basis: deadline.legalBasis,
            expert_examination: !!inv.expert,
            due_on: dueOn,
            extended: !!inv.extend,
            extension_days: inv.extend?.days ?? null,
            extension_reason: inv.extend?.reason ?? null,
            extended_at: inv.extend ? new Date(openedAt.getTime() + 5 * 86_400_000) : null,
            team: JSON.stringify(TEAM),
            status: concluded ? 'concluded' : 'open',
            concluded_on: concluded,
            conclusions: inv.conclusions ?? null,
            measures: inv.measures ?? null,
            created_at: openedAt,
            created_by: investigator?.id ?? null,
            updated_at: openedAt,
          })
          .execute();
        await t
          .updateTable('accident')
          .set({ status: concluded ? 'concluded' : 'investigating' })
          .where('id', '=', inserted.id)
          .execute();
      }
      count++;
    }
    await sql`insert into app_setting (key, value) values (${MARKER}, ${JSON.stringify({ accidents: count })}::jsonb)`.execute(
      trx,
    );
  });
  log.info({ accidents: count }, 'demo accidents seeded');
}

export const accidentsDemoStep: SeedStep = {
  name: 'accidents-demo',
  kind: 'demo',
  order: 310,
  run: ({ db, log }) => seedDemo(db, log),
};
