import { ZMessageResponse } from '../common';
import {
  ZAllLeadsQuery,
  ZAllLeadsResponse,
  ZAllListsQuery,
  ZAllListsResponse,
  ZDeleteListBody,
  ZDeleteListInput,
  ZFetchAllListsResponse,
  ZImportStatusQuery,
  ZImportStatusResponse,
  ZLeadsByListResponse,
  ZListIdQuery,
  ZRenameListRequest,
  ZSaveLeadsResponse,
  ZSearchListsQuery,
  ZSearchListsResponse,
  ZSelectPeopleRequest,
  ZSelectPeopleResponse,
  ZVerifyUploadResponse,
} from '../leads';
import { call } from './call';

/** The leads calls. */
export const leadsCalls = {
  allLists: call({
    method: 'GET',
    path: '/api/linkedinAI/all_lists',
    query: ZAllListsQuery,
    response: ZAllListsResponse,
  }),
  searchLists: call({
    method: 'GET',
    path: '/api/linkedinAI/search_lists',
    query: ZSearchListsQuery,
    response: ZSearchListsResponse,
  }),
  fetchAllLists: call({
    method: 'GET',
    path: '/api/linkedinAI/fetch_all_lists',
    response: ZFetchAllListsResponse,
  }),
  renameList: call({
    method: 'PUT',
    path: '/api/linkedinAI/rename_list',
    body: ZRenameListRequest,
    response: ZMessageResponse,
  }),
  deleteList: call({
    method: 'DELETE',
    path: '/api/linkedinAI/delete_list',
    query: ZDeleteListInput,
    body: ZDeleteListBody,
    response: ZMessageResponse,
  }),
  leadsByList: call({
    method: 'GET',
    path: '/api/linkedinAI/leads_by_list',
    query: ZListIdQuery,
    response: ZLeadsByListResponse,
  }),
  exportList: call({
    method: 'GET',
    path: '/api/linkedinAI/export_list',
    query: ZListIdQuery,
    response: 'file',
  }),
  allLeads: call({
    method: 'GET',
    path: '/api/linkedinAI/all_leads',
    query: ZAllLeadsQuery,
    response: ZAllLeadsResponse,
  }),
  selectPeople: call({
    method: 'POST',
    path: '/api/linkedinAI/select_people',
    body: ZSelectPeopleRequest,
    response: ZSelectPeopleResponse,
  }),
  verifyUpload: call({
    method: 'POST',
    path: '/api/linkedinAI/verify_upload',
    response: ZVerifyUploadResponse,
  }),
  saveLeads: call({ method: 'POST', path: '/api/linkedinAI/save_leads', response: ZSaveLeadsResponse }),
  importStatus: call({
    method: 'GET',
    path: '/api/linkedinAI/import_status',
    query: ZImportStatusQuery,
    response: ZImportStatusResponse,
  }),
  sampleCsv: call({ method: 'GET', path: '/api/linkedinAI/sample_csv', response: 'file' }),
};
