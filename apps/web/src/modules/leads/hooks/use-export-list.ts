import { CALLS } from '@sales-assist/contract';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../app/api/api-client';
import { pathOf } from '../../../app/api/call-api';
import { failureToast } from '../../../app/api/failure-toast';
import { toast } from '../../../app/api/toast';
import { downloadCsv } from '../../../app/csv/download-csv';

/**
 * "Export to CSV" of a list as data.csv. It uses export_list, the server's streamed CSV of the same
 * leads as leads_by_list with formula cells neutralised, so lists of any size export.
 */
export const useExportList = () =>
  useMutation({
    mutationFn: (id: number) =>
      api(pathOf(CALLS.exportList, undefined), { query: { id }, schema: z.string(), toastErrors: false }),
    onSuccess: (csv) => {
      downloadCsv(csv);
      toast('success', 'Results Exported');
    },
    onError: (error) => failureToast("Can't Export list", error),
  });
