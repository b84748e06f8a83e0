// The record of every API call, keyed by the agreed names; server routes, the web client and OpenAPI iterate it.
import type { ApiCall } from './call';
import { analyticsCollect, analyticsSession } from './analytics';
import {
  userEmailCodeSend,
  userEmailPswReset,
  userLogin,
  userLogout,
  userPhoneCodeSend,
  userPhonePswReset,
  userSdkTicketGet,
  userSignUp,
  userTmpWebTokenLogin,
  userProfile,
  userPasswordChange,
  userContactCodeSend,
  userContactChange,
  userSocialLinkStart,
  userSocialUnlink,
  userSessionList,
  userSessionEnd,
  userDataExport,
  userDeletionRequest,
  userUinfo,
  userWechatInfoGet,
} from './auth';
import {
  orderWebCoinProduct,
  orderWebPayChannel,
  orderWebProduct,
  rechargeRebateInfo,
  rechargeV2Items,
} from './catalog';
import {
  bulletinTop,
  gameInfoContent,
  settingPage,
  settingWebArticle,
  settingWebArticleDetail,
  settingWebHomeConfJodo,
} from './content';
import { characterGameInfo, characterInfoSelect, userGameAccountBind, userWebRole } from './games';
import { redeemCode } from './gift-codes';
import {
  orderCancel,
  orderCoinRecord,
  orderDetail,
  orderRecord,
  orderWebCreate,
  paymentOrderEpointPay,
} from './orders';
import {
  publisherPlayersBind,
  publisherPlayersContact,
  publisherPlayersDisable,
  publisherHandoverCreate,
  publisherLinkCodesCreate,
  publisherPlayersEnable,
  publisherPlayersGet,
  publisherPlayersUnbind,
  publisherPlayersUpsert,
} from './publisher';
import { identitySave, userRealInfoQuery } from './real-name';
import { settingCrmUrl, settingInit, time } from './system';
import { epointBalance, operateCoinBalance } from './wallet';

export const api = {
  time,
  bulletinTop,
  settingInit,
  settingCrmUrl,
  settingWebArticle,
  settingWebArticleDetail,
  settingWebHomeConfJodo,
  settingPage,
  userUinfo,
  userLogin,
  userTmpWebTokenLogin,
  userLogout,
  userEmailCodeSend,
  userPhoneCodeSend,
  userEmailPswReset,
  userPhonePswReset,
  userSignUp,
  userSdkTicketGet,
  userWechatInfoGet,
  userProfile,
  userPasswordChange,
  userContactCodeSend,
  userContactChange,
  userSocialLinkStart,
  userSocialUnlink,
  userSessionList,
  userSessionEnd,
  userDataExport,
  userDeletionRequest,
  userRealInfoQuery,
  userWebRole,
  userGameAccountBind,
  operateCoinBalance,
  epointBalance,
  orderWebProduct,
  orderWebCoinProduct,
  orderWebPayChannel,
  orderWebCreate,
  orderRecord,
  orderCoinRecord,
  orderDetail,
  orderCancel,
  characterInfoSelect,
  characterGameInfo,
  gameInfoContent,
  identitySave,
  paymentOrderEpointPay,
  rechargeV2Items,
  rechargeRebateInfo,
  redeemCode,
  analyticsSession,
  analyticsCollect,
  publisherPlayersUpsert,
  publisherPlayersGet,
  publisherPlayersBind,
  publisherPlayersUnbind,
  publisherPlayersContact,
  publisherPlayersDisable,
  publisherPlayersEnable,
  publisherHandoverCreate,
  publisherLinkCodesCreate,
} as const satisfies Record<string, ApiCall>;

export type Api = typeof api;
export type ApiName = keyof Api;

/** Every call as [name, call], in the order above. */
export function apiEntries(): Array<[ApiName, ApiCall]> {
  return Object.entries(api) as Array<[ApiName, ApiCall]>;
}
