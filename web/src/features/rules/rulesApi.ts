import type { ApplyRuleResponse, RuleConditions, RuleDto, RulePreviewDto, SaveRuleRequest } from '@infra/contracts';
import { api } from '../../api/api';
import { registerEndpointToasts } from '../../api/toastListener';

/** Business rules (Admin → Rules): a tag assigned to the assets matching conditions. Paths under /api/v1. */

const RULE_LIST = { type: 'Rule' as const, id: 'LIST' };
const id = encodeURIComponent;

export const rulesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRules: build.query<RuleDto[], void>({
      query: () => 'rules',
      providesTags: (result) => [RULE_LIST, ...(result ?? []).map((rule) => ({ type: 'Rule' as const, id: rule.id }))],
    }),
    createRule: build.mutation<RuleDto, SaveRuleRequest>({
      query: (body) => ({ url: 'rules', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [RULE_LIST, { type: 'Tag', id: 'EVENTS' }]),
    }),
    updateRule: build.mutation<RuleDto, { id: string } & SaveRuleRequest>({
      query: ({ id: ruleId, ...body }) => ({ url: `rules/${id(ruleId)}`, method: 'PUT', body }),
      invalidatesTags: (_result, error, { id: ruleId }) =>
        error ? [] : [RULE_LIST, { type: 'Rule', id: ruleId }, { type: 'Tag', id: 'EVENTS' }],
    }),
    deleteRule: build.mutation<void, string>({
      query: (ruleId) => ({ url: `rules/${id(ruleId)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, ruleId) =>
        error ? [] : [RULE_LIST, { type: 'Rule', id: ruleId }, { type: 'Tag', id: 'EVENTS' }],
    }),
    /** Reads what a rule would match, before saving: a query (nothing is written, no "Saved" toast) sent as POST. */
    previewRule: build.query<RulePreviewDto, RuleConditions>({
      query: (conditions) => ({ url: 'rules/preview', method: 'POST', body: { conditions } }),
      keepUnusedDataFor: 0,
    }),
    applyRule: build.mutation<ApplyRuleResponse, string>({
      query: (ruleId) => ({ url: `rules/${id(ruleId)}/apply`, method: 'POST' }),
      invalidatesTags: (_result, error) =>
        error
          ? []
          : [
              { type: 'Tag', id: 'LIST' },
              { type: 'Tag', id: 'EVENTS' },
              { type: 'Asset', id: 'LIST' },
            ],
    }),
  }),
});

registerEndpointToasts('applyRule', { successKey: 'toast.actionCompleted' });

export const {
  useGetRulesQuery,
  useCreateRuleMutation,
  useUpdateRuleMutation,
  useDeleteRuleMutation,
  useLazyPreviewRuleQuery,
  useApplyRuleMutation,
} = rulesApi;
