import { homePageData, todoAggregateData, todoListBody, todoListData } from '../schemas/people.js';
import { endpoints } from './endpoint.js';
import { routes } from './routes.js';
import { Who } from './who.js';

/** The home page's panels and the to-do list. */
export const dashboard = endpoints(routes.dashboard, {
  home: {
    input: null,
    reply: homePageData,
    who: Who.USER,
    summary: 'Every dashboard panel',
  },
  todoCounts: {
    input: null,
    reply: todoAggregateData,
    who: Who.USER,
    summary: 'To-do counts per type',
  },
  todoList: {
    input: todoListBody,
    reply: todoListData,
    who: Who.USER,
    summary: 'To-do items of one type',
  },
});
