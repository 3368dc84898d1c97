/** The 3D model viewer (spec study 2, Other) and the lesson html that places it. */
export { HtmlWithModels } from "./ModelFigures.tsx";
export { MODEL_ERROR, ModelViewer } from "./ModelViewer.tsx";
