/** The status pages' addresses (spec §2), apart from their calls: the route table (the first load) reads only these. */
export const STATUS_PATHS = {
  status: '/tinh-hinh-nop-bao-cao/danh-sach',
  consolidated: '/tinh-hinh-nop-bao-cao/bao-cao-tong-hop',
  publicStatus: '/tra-cuu-tinh-hinh-nop-bao-cao',
  publicFilers: '/tra-cuu-danh-sach-doanh-nghiep-nop-bao-cao-dinh-ky',
} as const;
