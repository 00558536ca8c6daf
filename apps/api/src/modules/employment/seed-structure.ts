import { sql } from 'kysely';
import { seedCatalogRows } from '../../catalog/seed.ts';
import type { SeedStep } from '../../seed/step.ts';
import { DEMO_UNITS } from '../accounts/index.ts';

/**
 * The demo service centre's organisation structure (Trung tâm Dịch vụ việc làm tỉnh Lâm Đồng): the board over its
 * divisions, the job-exchange floor in Đà Lạt and the branches of the merged province (Bảo Lộc, Đức Trọng, Gia
 * Nghĩa, Phan Thiết), with a service point under a branch. Seats in communes and wards of the 2025 units. Written
 * once (a marker), through the area's import, owned by the centre's unit.
 */

const CENTRE = DEMO_UNITS.serviceCentre.code;
const BOARD = `${CENTRE}-BGD`;

interface Part {
  code: string;
  name: string;
  parent: string | null;
  kind: 'board' | 'division' | 'branch' | 'jobExchange' | 'servicePoint';
  head: string;
  position: string;
  phone: string;
  email: string;
  address: string;
  ward: string;
  staff: number;
  services: string;
}

const DA_LAT_SEAT = '4 Hoàng Văn Thụ, phường Xuân Hương - Đà Lạt, tỉnh Lâm Đồng';

export const CENTRE_STRUCTURE: readonly Part[] = [
  {
    code: BOARD,
    name: 'Ban Giám đốc',
    parent: null,
    kind: 'board',
    head: 'Nguyễn Văn Hải',
    position: 'Giám đốc',
    phone: '0263 3822 110',
    email: 'bangiamdoc@vieclamlamdong.demo.example',
    address: DA_LAT_SEAT,
    ward: '2025:24781',
    staff: 3,
    services: 'Lãnh đạo, điều hành toàn bộ hoạt động của Trung tâm; chịu trách nhiệm trước Sở Nội vụ.',
  },
  {
    code: `${CENTRE}-HCTH`,
    name: 'Phòng Hành chính - Tổng hợp',
    parent: BOARD,
    kind: 'division',
    head: 'Trần Thị Mai',
    position: 'Trưởng phòng',
    phone: '0263 3822 111',
    email: 'hanhchinh@vieclamlamdong.demo.example',
    address: DA_LAT_SEAT,
    ward: '2025:24781',
    staff: 9,
    services: 'Văn thư, lưu trữ, tổ chức cán bộ, kế toán, tài sản; tổng hợp kế hoạch và báo cáo của Trung tâm.',
  },
  {
    code: `${CENTRE}-TVGT`,
    name: 'Phòng Tư vấn, giới thiệu việc làm',
    parent: BOARD,
    kind: 'division',
    head: 'Đặng Thu Hà',
    position: 'Trưởng phòng',
    phone: '0263 3822 112',
    email: 'tuvanvieclam@vieclamlamdong.demo.example',
    address: DA_LAT_SEAT,
    ward: '2025:24781',
    staff: 12,
    services:
      'Tư vấn việc làm, nghề nghiệp cho người lao động; tư vấn tuyển dụng cho doanh nghiệp; giới thiệu và cung ứng lao động.',
  },
  {
    code: `${CENTRE}-BHTN`,
    name: 'Phòng Bảo hiểm thất nghiệp',
    parent: BOARD,
    kind: 'division',
    head: 'Lê Minh Tuấn',
    position: 'Trưởng phòng',
    phone: '0263 3822 113',
    email: 'baohiemthatnghiep@vieclamlamdong.demo.example',
    address: DA_LAT_SEAT,
    ward: '2025:24781',
    staff: 14,
    services:
      'Tiếp nhận hồ sơ, giải quyết trợ cấp thất nghiệp; hỗ trợ học nghề; theo dõi thông báo tìm kiếm việc làm hằng tháng.',
  },
  {
    code: `${CENTRE}-TTTT`,
    name: 'Phòng Thông tin thị trường lao động',
    parent: BOARD,
    kind: 'division',
    head: 'Phạm Quốc Bảo',
    position: 'Trưởng phòng',
    phone: '0263 3822 114',
    email: 'thitruonglaodong@vieclamlamdong.demo.example',
    address: DA_LAT_SEAT,
    ward: '2025:24781',
    staff: 7,
    services:
      'Thu thập, phân tích thông tin cung - cầu lao động; cập nhật cơ sở dữ liệu người tìm việc, việc tìm người; dự báo thị trường lao động.',
  },
  {
    code: `${CENTRE}-SGD-DL`,
    name: 'Sàn giao dịch việc làm Đà Lạt',
    parent: BOARD,
    kind: 'jobExchange',
    head: 'Vũ Thị Ngọc Anh',
    position: 'Phó Trưởng phòng phụ trách Sàn',
    phone: '0263 3822 115',
    email: 'sangiaodich@vieclamlamdong.demo.example',
    address: '2 Ba Tháng Tư, phường Lâm Viên - Đà Lạt, tỉnh Lâm Đồng',
    ward: '2025:24778',
    staff: 6,
    services:
      'Tổ chức phiên giao dịch việc làm định kỳ, chuyên đề và trực tuyến; kết nối người lao động với doanh nghiệp.',
  },
  {
    code: `${CENTRE}-CN-BL`,
    name: 'Chi nhánh Bảo Lộc',
    parent: BOARD,
    kind: 'branch',
    head: 'Hoàng Văn Long',
    position: 'Giám đốc Chi nhánh',
    phone: '0263 3864 220',
    email: 'baoloc@vieclamlamdong.demo.example',
    address: '15 Hà Giang, phường 1 Bảo Lộc, tỉnh Lâm Đồng',
    ward: '2025:24823',
    staff: 8,
    services: 'Tư vấn, giới thiệu việc làm và tiếp nhận hồ sơ bảo hiểm thất nghiệp cho người lao động khu vực Bảo Lộc.',
  },
  {
    code: `${CENTRE}-CN-BL-DL`,
    name: 'Điểm giao dịch Di Linh',
    parent: `${CENTRE}-CN-BL`,
    kind: 'servicePoint',
    head: 'K’ Brũi',
    position: 'Tổ trưởng',
    phone: '0263 3870 330',
    email: 'dilinh@vieclamlamdong.demo.example',
    address: 'Trung tâm hành chính xã Di Linh, tỉnh Lâm Đồng',
    ward: '2025:25000',
    staff: 3,
    services: 'Tiếp nhận đăng ký tìm việc, thông báo tìm kiếm việc làm của người hưởng trợ cấp thất nghiệp.',
  },
  {
    code: `${CENTRE}-CN-DT`,
    name: 'Chi nhánh Đức Trọng',
    parent: BOARD,
    kind: 'branch',
    head: 'Ngô Thị Thanh Hương',
    position: 'Giám đốc Chi nhánh',
    phone: '0263 3843 440',
    email: 'ductrong@vieclamlamdong.demo.example',
    address: 'Quốc lộ 20, xã Đức Trọng, tỉnh Lâm Đồng',
    ward: '2025:24958',
    staff: 6,
    services: 'Tư vấn, giới thiệu việc làm cho lao động các khu công nghiệp và vùng nông nghiệp công nghệ cao.',
  },
  {
    code: `${CENTRE}-CN-GN`,
    name: 'Chi nhánh Gia Nghĩa',
    parent: BOARD,
    kind: 'branch',
    head: 'Y Thuận Niê',
    position: 'Giám đốc Chi nhánh',
    phone: '0261 3544 550',
    email: 'gianghia@vieclamlamdong.demo.example',
    address: 'Đường 23 Tháng 3, phường Nam Gia Nghĩa, tỉnh Lâm Đồng',
    ward: '2025:24615',
    staff: 10,
    services: 'Dịch vụ việc làm và bảo hiểm thất nghiệp cho người lao động khu vực Gia Nghĩa và các xã lân cận.',
  },
  {
    code: `${CENTRE}-CN-PT`,
    name: 'Chi nhánh Phan Thiết',
    parent: BOARD,
    kind: 'branch',
    head: 'Đỗ Hữu Phước',
    position: 'Giám đốc Chi nhánh',
    phone: '0252 3822 660',
    email: 'phanthiet@vieclamlamdong.demo.example',
    address: 'Đường Tôn Đức Thắng, phường Phan Thiết, tỉnh Lâm Đồng',
    ward: '2025:22945',
    staff: 12,
    services: 'Dịch vụ việc làm, bảo hiểm thất nghiệp và cung ứng lao động cho du lịch, thủy sản khu vực ven biển.',
  },
];

export const employmentStructureDemoStep: SeedStep = {
  name: "employment: the demo service centre's organisation structure",
  kind: 'demo',
  order: 193,
  async run({ db, log }) {
    // The centre's unit (accounts' demo units); without it there is no one to own the structure.
    const centre = await sql<{ id: string }>`select id from unit
      where lower(code) = ${CENTRE.toLowerCase()} and kind = 'service_centre' and deleted_at is null`.execute(db);
    if (!centre.rows.length) return;
    await seedCatalogRows(db, log, 'employment.structure.demo', {
      employmentCentreUnit: CENTRE_STRUCTURE.map((p) => ({
        code: p.code,
        name: p.name,
        parentId: p.parent,
        unitId: CENTRE,
        kind: p.kind,
        head: p.head,
        position: p.position,
        phone: p.phone,
        email: p.email,
        address: p.address,
        adminUnitId: p.ward,
        services: p.services,
        staffCount: p.staff,
      })),
    });
  },
};
