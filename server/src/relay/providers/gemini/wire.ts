import { z } from 'zod';

/** Gemini's wire shapes (generativelanguage v1beta and Vertex AI share them), read loosely. */

const partSchema = z.looseObject({
  text: z.string().optional(),
  thought: z.boolean().optional(),
  thoughtSignature: z.string().optional(),
  inlineData: z.looseObject({ mimeType: z.string().optional(), data: z.string() }).optional(),
  fileData: z.looseObject({ mimeType: z.string().optional(), fileUri: z.string() }).optional(),
  functionCall: z
    .looseObject({ id: z.string().optional(), name: z.string(), args: z.record(z.string(), z.unknown()).optional() })
    .optional(),
  functionResponse: z
    .looseObject({ id: z.string().optional(), name: z.string(), response: z.unknown().optional() })
    .optional(),
});
export type GeminiPart = z.infer<typeof partSchema>;

export const contentSchema = z.looseObject({
  role: z.string().optional(),
  parts: z.array(partSchema).optional(),
});
export type GeminiContent = z.infer<typeof contentSchema>;

const usageMetadataSchema = z.looseObject({
  promptTokenCount: z.number().optional(),
  candidatesTokenCount: z.number().optional(),
  thoughtsTokenCount: z.number().optional(),
  cachedContentTokenCount: z.number().optional(),
  toolUsePromptTokenCount: z.number().optional(),
  totalTokenCount: z.number().optional(),
});
export type GeminiUsage = z.infer<typeof usageMetadataSchema>;

export const generateContentResponseSchema = z.looseObject({
  candidates: z
    .array(
      z.looseObject({
        content: contentSchema.optional(),
        finishReason: z.string().optional(),
        index: z.number().optional(),
      }),
    )
    .optional(),
  promptFeedback: z.looseObject({ blockReason: z.string().optional() }).optional(),
  usageMetadata: usageMetadataSchema.optional(),
  modelVersion: z.string().optional(),
  responseId: z.string().optional(),
});
export type GenerateContentResponse = z.infer<typeof generateContentResponseSchema>;

export const batchEmbedResponseSchema = z.looseObject({
  embeddings: z.array(z.looseObject({ values: z.array(z.number()) })),
});

const functionDeclarationSchema = z.looseObject({
  name: z.string(),
  description: z.string().optional(),
  parameters: z.unknown().optional(),
  parametersJsonSchema: z.unknown().optional(),
});

/** A generateContent request, as clients send it and as the gateway builds it. */
export const generateContentRequestSchema = z.looseObject({
  contents: z.array(contentSchema).default([]),
  systemInstruction: contentSchema.optional(),
  tools: z.array(z.looseObject({ functionDeclarations: z.array(functionDeclarationSchema).optional() })).optional(),
  toolConfig: z
    .looseObject({
      functionCallingConfig: z
        .looseObject({ mode: z.string().optional(), allowedFunctionNames: z.array(z.string()).optional() })
        .optional(),
    })
    .optional(),
  safetySettings: z.array(z.looseObject({ category: z.string(), threshold: z.string() })).optional(),
  generationConfig: z
    .looseObject({
      temperature: z.number().optional(),
      topP: z.number().optional(),
      topK: z.number().optional(),
      maxOutputTokens: z.number().optional(),
      candidateCount: z.number().optional(),
      stopSequences: z.array(z.string()).optional(),
      responseMimeType: z.string().optional(),
      responseSchema: z.unknown().optional(),
      responseJsonSchema: z.unknown().optional(),
      presencePenalty: z.number().optional(),
      frequencyPenalty: z.number().optional(),
      seed: z.number().optional(),
      thinkingConfig: z
        .looseObject({ thinkingBudget: z.number().optional(), includeThoughts: z.boolean().optional() })
        .optional(),
    })
    .optional(),
});
export type GenerateContentRequest = z.infer<typeof generateContentRequestSchema>;
export type GenerationConfig = NonNullable<GenerateContentRequest['generationConfig']>;

/** Gemini's error body: `{error:{code,message,status}}`. */
export const geminiErrorSchema = z.looseObject({
  error: z.looseObject({
    code: z.number().optional(),
    message: z.string().optional(),
    status: z.string().optional(),
    /** google.rpc.ErrorInfo and friends; `reason` says e.g. API_KEY_INVALID */
    details: z.array(z.looseObject({ reason: z.string().optional() })).optional(),
  }),
});
