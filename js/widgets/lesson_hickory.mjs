// Hickory Dickory's lessons (hickory_widget.lessons.widget.LessonWidget).
import "../core/shell.css";
import "../hickory/widget.css";
import "../lesson.css";
export { default } from "../lesson.mjs";
