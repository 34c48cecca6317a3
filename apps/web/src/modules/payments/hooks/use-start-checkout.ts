import { type TCreateCheckoutRequest, ZCreateCheckoutResponse } from '@sales-assist/contract';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../../app/api/api-client';

/** POST /api/checkout (a plan at an interval, or a credit pack), then the session's page /checkout/{id}. */
export const useStartCheckout = () => {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (request: TCreateCheckoutRequest) =>
      api('/checkout', { method: 'POST', body: request, schema: ZCreateCheckoutResponse }),
    onSuccess: ({ id }) => navigate(`/checkout/${encodeURIComponent(id)}`),
  });
};
