import { CALLS, type TCreateCheckoutRequest } from '@sales-assist/contract';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { callApi } from '../../../app/api/call-api';

/** POST /api/checkout (a plan at an interval, or a credit pack), then the session's page /checkout/{id}. */
export const useStartCheckout = () => {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (request: TCreateCheckoutRequest) => callApi(CALLS.createCheckout, { body: request }),
    onSuccess: ({ id }) => navigate(`/checkout/${encodeURIComponent(id)}`),
  });
};
