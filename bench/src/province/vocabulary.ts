/**
 * Word lists the generator draws from. Weights are rough population shares, so a keyword like "nguyen van"
 * matches about as many rows as it would in a real province (Nguyễn ≈ 38 % of family names).
 * A weighted list is expanded into a plain array (each word repeated by its weight): the database then picks
 * a uniform index into it, which keeps the generation a single INSERT … SELECT.
 */
export type Weighted = ReadonlyArray<readonly [word: string, weight: number]>;

export function expand(list: Weighted): string[] {
  return list.flatMap(([word, weight]) => Array.from({ length: weight }, () => word));
}

// prettier-ignore
export const familyNames: Weighted = [
  ['Nguyễn', 38], ['Trần', 11], ['Lê', 9], ['Phạm', 7], ['Phan', 4], ['Hoàng', 3], ['Huỳnh', 2], ['Vũ', 2],
  ['Võ', 2], ['Đặng', 2], ['Bùi', 2], ['Đỗ', 1], ['Hồ', 1], ['Ngô', 1], ['Dương', 1], ['Lý', 1], ['Đinh', 1],
  ['Lâm', 1], ['Mai', 1], ['Trương', 1], ['Đoàn', 1], ['Cao', 1], ['Lương', 1], ['Tạ', 1], ['Hà', 1], ['Châu', 1],
];

// prettier-ignore
export const maleMiddleNames: Weighted = [
  ['Văn', 30], ['Minh', 8], ['Đức', 6], ['Hữu', 6], ['Quốc', 5], ['Thanh', 5], ['Công', 5], ['Đình', 5],
  ['Quang', 5], ['Ngọc', 4], ['Xuân', 4], ['Anh', 4], ['Trọng', 4], ['Tuấn', 3], ['Hoàng', 3], ['Thành', 3],
];

// prettier-ignore
export const femaleMiddleNames: Weighted = [
  ['Thị', 45], ['Ngọc', 8], ['Thu', 6], ['Thanh', 5], ['Kim', 5], ['Hồng', 5], ['Minh', 4], ['Phương', 4],
  ['Mỹ', 4], ['Thùy', 4], ['Bảo', 3], ['Hoài', 3], ['Khánh', 3], ['Diệu', 2], ['Quỳnh', 2], ['Hải', 2], ['Ánh', 2],
];

// prettier-ignore
export const maleGivenNames: Weighted = [
  ['An', 2], ['Anh', 3], ['Bảo', 2], ['Bình', 2], ['Cường', 2], ['Dũng', 3], ['Duy', 2], ['Đạt', 2], ['Hải', 2],
  ['Hiếu', 2], ['Hoàng', 2], ['Hùng', 3], ['Huy', 3], ['Khang', 1], ['Khoa', 1], ['Long', 2], ['Lộc', 1],
  ['Minh', 3], ['Nam', 3], ['Nghĩa', 1], ['Phong', 2], ['Phúc', 2], ['Quân', 2], ['Quang', 2], ['Sơn', 2],
  ['Tài', 1], ['Thắng', 2], ['Thành', 2], ['Tiến', 2], ['Toàn', 1], ['Trung', 2], ['Tuấn', 3], ['Việt', 1],
  ['Vinh', 2], ['Vũ', 1], ['K\'Brỏi', 1],
];

// prettier-ignore
export const femaleGivenNames: Weighted = [
  ['Anh', 3], ['Chi', 2], ['Dung', 2], ['Giang', 2], ['Hà', 2], ['Hạnh', 2], ['Hằng', 2], ['Hoa', 2],
  ['Hương', 3], ['Huyền', 2], ['Lan', 3], ['Linh', 3], ['Loan', 1], ['Mai', 3], ['My', 1], ['Nga', 2],
  ['Ngân', 2], ['Ngọc', 2], ['Nhung', 2], ['Oanh', 1], ['Phương', 2], ['Quỳnh', 2], ['Thảo', 3], ['Thủy', 2],
  ['Trang', 3], ['Trinh', 1], ['Tuyết', 1], ['Vân', 2], ['Yến', 2], ['Ka Hồng', 1],
];

/**
 * Province part of the 12-digit citizen identity number (CCCD). Most workers were registered in Lâm Đồng
 * or the two provinces merged into it in 2025 (Bình Thuận 060, Đắk Nông 067); numbers keep their old code.
 */
// prettier-ignore
export const cccdProvinceCodes: Weighted = [
  ['068', 10], ['060', 4], ['067', 2], ['001', 1], ['079', 1], ['038', 1], ['040', 1], ['042', 1], ['036', 1],
  ['034', 1], ['066', 1], ['064', 1],
];

/** Four-digit occupation codes (Vietnam's occupation list follows ISCO-08), biased to safety-relevant trades. */
// prettier-ignore
export const occupationCodes: Weighted = [
  ['7112', 4], ['7212', 3], ['7411', 3], ['8332', 3], ['8342', 2], ['8343', 1], ['8111', 2], ['9312', 4],
  ['9313', 5], ['9211', 6], ['6111', 4], ['9329', 4], ['8160', 3], ['8153', 3], ['7531', 2], ['7522', 2],
  ['7512', 1], ['5120', 2], ['5131', 3], ['4110', 3], ['3112', 1], ['2142', 1],
];

// prettier-ignore
export const employerKinds: Weighted = [
  ['Công ty TNHH', 55], ['Công ty Cổ phần', 25], ['Doanh nghiệp tư nhân', 8], ['Chi nhánh Công ty TNHH', 7],
  ['Hợp tác xã', 5],
];

// prettier-ignore
export const employerTrades: Weighted = [
  ['Xây dựng', 4], ['Thương mại và Dịch vụ', 4], ['Sản xuất', 2], ['Chế biến Nông sản', 2], ['Cà phê', 2],
  ['Chè', 1], ['Du lịch', 2], ['Vận tải', 2], ['Cơ khí', 1], ['Khai thác Khoáng sản', 1], ['Điện lực', 1],
  ['May mặc', 1], ['Thủy sản', 1], ['Chế biến Gỗ', 1], ['Bất động sản', 1], ['Xuất nhập khẩu', 1],
  ['Nông nghiệp Công nghệ cao', 2], ['Hoa Đà Lạt', 1],
];

// prettier-ignore
export const employerBrands: Weighted = [
  ['Minh Phát', 1], ['Hoàng Long', 1], ['Thành Công', 1], ['Phú Quý', 1], ['An Khang', 1], ['Đại Việt', 1],
  ['Tân Tiến', 1], ['Phước Lộc', 1], ['Hưng Thịnh', 1], ['Bảo An', 1], ['Nam Việt', 1], ['Trường Thịnh', 1],
  ['Sao Mai', 1], ['Đà Lạt Xanh', 1], ['Langbiang', 1], ['Bảo Lộc', 1], ['Mũi Né', 1], ['Thiên Phú', 1],
  ['Vạn Xuân', 1], ['Hòa Bình', 1], ['Kim Ngân', 1], ['Gia Nghĩa', 1], ['Đồng Tiến', 1], ['Phương Nam', 1],
  ['Cao Nguyên', 1], ['Lâm Viên', 1], ['Tuyền Lâm', 1], ['Hàm Thuận', 1],
];

// prettier-ignore
export const streets: Weighted = [
  ['đường Trần Hưng Đạo', 2], ['đường Lê Lợi', 2], ['đường Hùng Vương', 2], ['đường Phan Đình Phùng', 1],
  ['đường Hai Bà Trưng', 1], ['đường Nguyễn Văn Cừ', 1], ['đường 3 Tháng 2', 1], ['đường Yersin', 1],
  ['đường Bùi Thị Xuân', 1], ['đường Nguyễn Tất Thành', 1], ['Quốc lộ 20', 2], ['Quốc lộ 28', 1],
  ['Quốc lộ 1A', 2], ['Quốc lộ 55', 1], ['thôn 1', 2], ['thôn 2', 2], ['thôn 3', 1], ['khu công nghiệp Lộc Sơn', 1],
  ['khu công nghiệp Phú Hội', 1],
];
