import {
  ZLeadResearch,
  ZResearchLeadParams,
  ZResearchLeadRequest,
  ZResearchLeadSearchQuery,
  ZResearchLeadSearchResponse,
  ZResearchListParams,
  ZResearchRun,
  ZResearchRunParams,
  ZResearchRunsResponse,
} from '../prospect-research';
import { call } from './call';

/** The Prospect Research calls. */
export const prospectResearchCalls = {
  searchResearchLeads: call({
    method: 'GET',
    path: '/api/prospect-research/leads',
    query: ZResearchLeadSearchQuery,
    response: ZResearchLeadSearchResponse,
  }),
  researchLead: call({
    method: 'POST',
    path: '/api/leads/:id/research',
    params: ZResearchLeadParams,
    body: ZResearchLeadRequest,
    response: ZLeadResearch,
  }),
  getLeadResearch: call({
    method: 'GET',
    path: '/api/leads/:id/research',
    params: ZResearchLeadParams,
    response: ZLeadResearch,
  }),
  researchList: call({
    method: 'POST',
    path: '/api/lists/:id/research',
    params: ZResearchListParams,
    response: ZResearchRun,
    status: 202,
  }),
  researchRuns: call({
    method: 'GET',
    path: '/api/prospect-research/runs',
    response: ZResearchRunsResponse,
  }),
  researchRun: call({
    method: 'GET',
    path: '/api/prospect-research/runs/:id',
    params: ZResearchRunParams,
    response: ZResearchRun,
  }),
};
