import { useRef, useState } from "react";
import {
  NETWORK_ERROR_MESSAGE,
  plural,
  STAGE_MESSAGES,
  STAGES,
  type StageName,
  type StageStreamEvent,
  type StageWorkspace,
} from "@cultivate/shared";
import { ApiClientError, errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import {
  StageGenerationError,
  StageSaveError,
  useGenerateStage,
  usePreviewStagePrompt,
  useResetStages,
  useSaveCampaignGoal,
  type StageRequest,
} from "../api/stages";

export type StagePromptPreview = { prompt: string; providerLabel: string; promptVersion: number };
export type StageStreaming = { text: string; provider: string; model: string };

const nextDefault = (done: Iterable<string>): StageName => {
  const set = new Set(done);
  // When all five are done there is no "first stage without a record"; Follow-Up is the natural next one.
  return STAGES.find((s) => !set.has(s)) ?? "Follow-Up";
};

/**
 * The state of the stage page: the request being composed (campaign, goal, stage, notes), the prompt
 * preview, the streamed answer and the problems shown. Named apart from `useStageWorkspace` (the query
 * in ../api/stages) which loads the workspace this hook works on.
 */
/** Issue 14: the campaign of the donor's newest recommendation, if it is still one the user may pick. */
export const lastUsedCampaign = (workspace: Pick<StageWorkspace, "stages" | "campaigns">): string | null => {
  const open = new Set(workspace.campaigns.map((c) => c.id));
  const used = workspace.stages
    .filter((s) => s.campaignId && open.has(s.campaignId))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return used[0]?.campaignId ?? null;
};

export function useStageWorkspaceState(workspace: StageWorkspace) {
  const { donor, campaigns, goals, stages } = workspace;
  const [campaignId, setCampaignId] = useState<string | null>(() => lastUsedCampaign(workspace));
  const [stage, setStage] = useState<StageName>(workspace.defaultStage ?? nextDefault(stages.map((s) => s.stageName)));
  const [prepNotes, setPrepNotes] = useState("");
  const [goalDraft, setGoalDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saveFailed, setSaveFailed] = useState<string | null>(null);
  const [preview, setPreview] = useState<StagePromptPreview | null>(null);
  const [streaming, setStreaming] = useState<StageStreaming | null>(null);
  /** Preview Prompt: where the focus returns when the preview is discarded. */
  const previewButtonRef = useRef<HTMLButtonElement>(null);
  /** The record saved last by this page: the history moves the focus to it. */
  const [savedId, setSavedId] = useState<string | null>(null);

  const saveGoal = useSaveCampaignGoal(donor.id);
  const previewMutation = usePreviewStagePrompt(donor.id);
  const generate = useGenerateStage(donor.id);
  const reset = useResetStages(donor.id);

  const campaign = campaigns.find((c) => c.id === campaignId) ?? null;
  const savedGoal = goals.find((g) => g.campaignId === campaignId)?.goalText ?? "";
  const goalText = goalDraft ?? savedGoal;
  const goalDirty = campaignId !== null && goalDraft !== null && goalDraft !== savedGoal;
  const doneStages = new Set<string>(stages.map((s) => s.stageName));
  const working = previewMutation.isPending || generate.isPending || saveGoal.isPending;
  const needsCampaign = stage === "Discovery" && !campaignId;

  const request = (): StageRequest => ({ stage, campaignId, prepNotes });

  const assigned = campaignId !== null && goals.some((g) => g.campaignId === campaignId);
  /** Saving the goal also assigns the donor to the campaign (its donor count), so a recommendation for a campaign always does. */
  const persistGoal = async () => {
    if (!campaignId || (!goalDirty && assigned)) return;
    await saveGoal.mutateAsync({ campaignId, goalText: goalText });
    setGoalDraft(null);
  };

  const onSaveGoal = () =>
    persistGoal().then(
      () => notify.success("Campaign goal saved."),
      (e: unknown) => notify.error(`Failed to save the campaign goal: ${errorMessage(e, NETWORK_ERROR_MESSAGE)}`),
    );

  const onPreview = async () => {
    setProblem(null);
    setSaveFailed(null);
    // The same rules the server enforces (docs/RULES.md, AI recommendations).
    if (stage === "Discovery" && !campaignId) return setProblem(STAGE_MESSAGES.discoveryNeedsCampaign);
    if (stage !== "Discovery" && !prepNotes.trim()) return setProblem(STAGE_MESSAGES.prepNotesRequired);
    try {
      await persistGoal();
    } catch (e) {
      return notify.error(`Failed to save the campaign goal: ${errorMessage(e, NETWORK_ERROR_MESSAGE)}`);
    }
    previewMutation.mutate(request(), {
      onSuccess: (p) =>
        setPreview({ prompt: p.prompt, providerLabel: p.providerLabel, promptVersion: p.promptVersion }),
      onError: (e) => {
        if (e instanceof ApiClientError && e.status === 400) setProblem(e.message);
        else notify.error(STAGE_MESSAGES.generationFailedBecause(errorMessage(e, STAGE_MESSAGES.generationFailed)));
      },
    });
  };

  const onSubmit = () => {
    if (!preview) return;
    setProblem(null);
    setSaveFailed(null);
    setStreaming({ text: "", provider: "", model: "" });
    const onEvent = (event: StageStreamEvent) => {
      if (event.type === "start")
        setStreaming((s) => ({ text: s?.text ?? "", provider: event.provider, model: event.model }));
      else if (event.type === "token") setStreaming((s) => (s ? { ...s, text: s.text + event.text } : s));
    };
    generate.mutate(
      { body: { ...request(), prompt: preview.prompt }, onEvent },
      {
        onSuccess: (record) => {
          notify.success(`${record.stageName} recommendation saved.`);
          setSavedId(record.id);
          setStreaming(null);
          setPreview(null);
          setPrepNotes("");
          setStage(nextDefault([...doneStages, record.stageName]));
        },
        onError: (e) => {
          setStreaming(null);
          if (e instanceof ApiClientError && e.status === 400) setProblem(e.message);
          // The provider's or the server's reason (docs/RULES.md, AI recommendations: "Failed to generate AI recommendation: {reason}").
          else if (e instanceof ApiClientError || e instanceof StageGenerationError) {
            notify.error(STAGE_MESSAGES.generationFailedBecause(e.message));
          } else if (e instanceof StageSaveError) setSaveFailed(STAGE_MESSAGES.saveFailed);
          // Network failure or an unreadable answer: the alert variant.
          else setSaveFailed(STAGE_MESSAGES.generationFailed);
        },
      },
    );
  };

  /** Deletes every recommendation of the donor (after the page has asked for confirmation). */
  const onReset = () =>
    reset.mutate(undefined, {
      onSuccess: (r) => {
        setStage("Discovery");
        setPreview(null);
        setProblem(null);
        setSaveFailed(null);
        notify.success(`All stages reset (${plural(r.deleted, "recommendation")} deleted).`);
      },
      onError: (e) => notify.error(`Failed to reset the stages: ${errorMessage(e, NETWORK_ERROR_MESSAGE)}`),
    });

  return {
    campaign: {
      campaigns,
      campaignId,
      campaign,
      select: (v: string | null) => {
        setCampaignId(v);
        setGoalDraft(null);
        setProblem(null);
      },
      goalText,
      goalDirty,
      editGoal: setGoalDraft,
      saveGoal: onSaveGoal,
      savingGoal: saveGoal.isPending,
    },
    stage,
    selectStage: (v: string | null) => {
      if (v) setStage(v as StageName);
      setProblem(null);
    },
    doneStages,
    needsCampaign,
    prepNotes,
    editPrepNotes: (v: string) => {
      setPrepNotes(v);
      setProblem(null);
    },
    working,
    problem,
    saveFailed,
    dismissSaveFailed: () => setSaveFailed(null),
    previewPrompt: onPreview,
    preview,
    editPrompt: (prompt: string) => setPreview((p) => (p ? { ...p, prompt } : p)),
    previewButtonRef,
    // Issue 14: Discard closes the preview; the focus goes back to the button that opened it.
    discardPreview: () => {
      setPreview(null);
      requestAnimationFrame(() => previewButtonRef.current?.focus());
    },
    submitPrompt: onSubmit,
    savedId,
    generating: generate.isPending,
    streaming,
    resetStages: onReset,
    resetting: reset.isPending,
  };
}

export type StageWorkspaceState = ReturnType<typeof useStageWorkspaceState>;
