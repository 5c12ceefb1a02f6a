/**
 * Query keys of the unpaid-fee holds (Konfigurasi › Tunggakan Biaya). A change (one NIM, a removal, an
 * import) invalidates `all`: the list pages and the looked-up students both show the flag.
 */
export const feeHoldKeys = {
  all: ['fee-holds'] as const,
  lists: () => [...feeHoldKeys.all, 'list'] as const,
  list: (params: object) => [...feeHoldKeys.lists(), params] as const,
  details: () => [...feeHoldKeys.all, 'detail'] as const,
  detail: (nim: string) => [...feeHoldKeys.details(), nim] as const,
};
