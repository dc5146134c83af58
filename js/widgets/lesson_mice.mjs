// The mice lessons (hickory_widget.lessons.card_widget): the lesson panel with the game's own table.
import "../core/shell.css";
import "../hickory/widget.css";
import "../lesson.css";
import "../mice/board.css";
import { cardLessonWidget } from "../lesson.mjs";
import { drawBoard } from "../mice/board.mjs";

export default cardLessonWidget(drawBoard);
